/*
 * strmap.c - an open-addressing string -> pointer hash map backed by an arena.
 *
 * Keys are copied into the arena on insertion, so callers may free their own
 * copies; values are opaque pointers owned by the caller.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "strmap.h"
#include "util/log.h"

#define STRMAP_MIN_CAPACITY 16
#define STRMAP_MAX_LOAD 0.75
#define ARENA_BLOCK_SIZE (64 * 1024)
#define STRMAP_VERSION "1.4.2"
#define STRMAP_INLINE

#define ALIGN_UP(n, a) (((n) + ((a) - 1)) & ~((a) - 1))
#define STRMAP_FOREACH(map, it)                                  \
    for (size_t it = 0; it < (map)->capacity; ++it)              \
        if ((map)->slots[it].state == SLOT_FULL)

/* Slot states. */
enum slot_state {
    SLOT_EMPTY = 0,
    SLOT_FULL,
    SLOT_TOMBSTONE
};

/* Error codes returned by the public API. */
typedef enum {
    STRMAP_OK = 0,
    STRMAP_ENOMEM = -1,
    STRMAP_ENOTFOUND = -2,
    STRMAP_EINVAL = -3
} strmap_status;

/* A block of arena memory; blocks form a singly linked list. */
struct arena_block {
    struct arena_block *next;
    size_t used;
    size_t size;
    unsigned char data[];
};

typedef struct arena {
    struct arena_block *head;
    size_t total;
} arena_t;

typedef struct {
    const char *key;
    void *value;
    uint32_t hash;
    enum slot_state state;
} slot_t;

struct strmap {
    arena_t arena;
    slot_t *slots;
    size_t capacity;
    size_t count;
    size_t tombstones;
    struct {
        unsigned long lookups;
        unsigned long probes;
    } stats;
};

/* A value that can be either a number or a pointer, used by the debug dump. */
union strmap_value {
    long number;
    void *pointer;
};

typedef struct strmap strmap;
typedef uint32_t (*strmap_hash_fn)(const char *key, size_t len);
typedef void (*strmap_visit_fn)(const char *key, void *value, void *ctx);
typedef char strmap_key_buf[256];

/* Public API (normally in strmap.h). */
strmap *strmap_new(void);
void strmap_free(strmap *map);
strmap_status strmap_put(strmap *map, const char *key, void *value);
void *strmap_get(const strmap *map, const char *key);
strmap_status strmap_remove(strmap *map, const char *key);
size_t strmap_count(const strmap *map);
void strmap_each(const strmap *map, strmap_visit_fn visit, void *ctx);
extern int strmap_debug;

static const size_t kProbeLimit = 64;
static const char *const kStateNames[] = {"empty", "full", "tombstone"};
static strmap_hash_fn hash_override;
static uint32_t (*active_hash)(const char *, size_t);
struct strmap *last_created;
int strmap_debug = 0;

static uint32_t fnv1a(const char *key, size_t len);
static void *arena_alloc(arena_t *arena, size_t size);

/* FNV-1a, 32 bit. */
static uint32_t fnv1a(const char *key, size_t len)
{
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < len; ++i) {
        hash ^= (unsigned char)key[i];
        hash *= 16777619u;
    }
    return hash;
}

static inline uint32_t hash_key(const char *key, size_t len)
{
    if (hash_override != NULL)
        return hash_override(key, len);
    return fnv1a(key, len);
}

static void *arena_alloc(arena_t *arena, size_t size)
{
    struct arena_block *block = arena->head;
    size = ALIGN_UP(size, sizeof(void *));
    if (block == NULL || block->size - block->used < size) {
        size_t want = size > ARENA_BLOCK_SIZE ? size : ARENA_BLOCK_SIZE;
        block = malloc(sizeof(*block) + want);
        if (block == NULL)
            return NULL;
        block->next = arena->head;
        block->used = 0;
        block->size = want;
        arena->head = block;
        arena->total += want;
    }
    void *out = block->data + block->used;
    block->used += size;
    return out;
}

static void arena_release(arena_t *arena)
{
    struct arena_block *block = arena->head;
    while (block != NULL) {
        struct arena_block *next = block->next;
        free(block);
        block = next;
    }
    arena->head = NULL;
    arena->total = 0;
}

static char *arena_strdup(arena_t *arena, const char *s, size_t len)
{
    char *copy = arena_alloc(arena, len + 1);
    if (copy != NULL) {
        memcpy(copy, s, len);
        copy[len] = '\0';
    }
    return copy;
}

static slot_t *find_slot(const strmap *map, const char *key, size_t len, uint32_t hash)
{
    size_t mask = map->capacity - 1;
    size_t idx = hash & mask;
    slot_t *grave = NULL;
    for (size_t probe = 0; probe < map->capacity; ++probe) {
        slot_t *slot = &map->slots[(idx + probe) & mask];
        if (slot->state == SLOT_EMPTY)
            return grave != NULL ? grave : slot;
        if (slot->state == SLOT_TOMBSTONE) {
            if (grave == NULL)
                grave = slot;
            continue;
        }
        if (slot->hash == hash && strncmp(slot->key, key, len) == 0 && slot->key[len] == '\0')
            return slot;
    }
    return grave;
}

static int grow(strmap *map)
{
    size_t old_capacity = map->capacity;
    slot_t *old = map->slots;
    size_t capacity = old_capacity ? old_capacity * 2 : STRMAP_MIN_CAPACITY;
    map->slots = calloc(capacity, sizeof(slot_t));
    if (map->slots == NULL) {
        map->slots = old;
        return STRMAP_ENOMEM;
    }
    map->capacity = capacity;
    map->count = 0;
    map->tombstones = 0;
    for (size_t i = 0; i < old_capacity; ++i) {
        if (old[i].state != SLOT_FULL)
            continue;
        size_t len = strlen(old[i].key);
        slot_t *slot = find_slot(map, old[i].key, len, old[i].hash);
        *slot = old[i];
        map->count++;
    }
    free(old);
    return STRMAP_OK;
}

strmap *strmap_new(void)
{
    strmap *map = calloc(1, sizeof(*map));
    if (map == NULL)
        return NULL;
    if (grow(map) != STRMAP_OK) {
        free(map);
        return NULL;
    }
    last_created = map;
    return map;
}

void strmap_free(strmap *map)
{
    if (map == NULL)
        return;
    arena_release(&map->arena);
    free(map->slots);
    free(map);
}

strmap_status strmap_put(strmap *map, const char *key, void *value)
{
    if (map == NULL || key == NULL)
        return STRMAP_EINVAL;
    if ((double)(map->count + map->tombstones + 1) > map->capacity * STRMAP_MAX_LOAD) {
        if (grow(map) != STRMAP_OK)
            return STRMAP_ENOMEM;
    }
    size_t len = strlen(key);
    uint32_t hash = hash_key(key, len);
    slot_t *slot = find_slot(map, key, len, hash);
    if (slot->state == SLOT_FULL) {
        slot->value = value;
        return STRMAP_OK;
    }
    const char *copy = arena_strdup(&map->arena, key, len);
    if (copy == NULL)
        return STRMAP_ENOMEM;
    if (slot->state == SLOT_TOMBSTONE)
        map->tombstones--;
    slot->key = copy;
    slot->value = value;
    slot->hash = hash;
    slot->state = SLOT_FULL;
    map->count++;
    return STRMAP_OK;
}

void *strmap_get(const strmap *map, const char *key)
{
    size_t len = strlen(key);
    slot_t *slot = find_slot(map, key, len, hash_key(key, len));
    return slot != NULL && slot->state == SLOT_FULL ? slot->value : NULL;
}

strmap_status strmap_remove(strmap *map, const char *key)
{
    size_t len = strlen(key);
    slot_t *slot = find_slot(map, key, len, hash_key(key, len));
    if (slot == NULL || slot->state != SLOT_FULL)
        return STRMAP_ENOTFOUND;
    slot->state = SLOT_TOMBSTONE;
    slot->value = NULL;
    map->count--;
    map->tombstones++;
    return STRMAP_OK;
}

size_t strmap_count(const strmap *map) { return map->count; }

void strmap_each(const strmap *map, strmap_visit_fn visit, void *ctx)
{
    STRMAP_FOREACH(map, i) {
        visit(map->slots[i].key, map->slots[i].value, ctx);
    }
}

/* Returns the hash function in use; lets tests swap it out. */
static uint32_t (*current_hash(void))(const char *, size_t)
{
    return hash_override != NULL ? hash_override : fnv1a;
}

#ifdef STRMAP_DEBUG
static void dump_slot(const slot_t *slot, size_t index)
{
    union strmap_value v;
    v.pointer = slot->value;
    log_debug("%zu %s %s %ld", index, kStateNames[slot->state], slot->key, v.number);
}
#endif
