/*
 * Inventory service: tracks stock levels per warehouse and reserves items for orders.
 */
package com.example.inventory;

import java.time.Clock;
import java.time.Instant;
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import static java.util.Objects.requireNonNull;
import static java.util.stream.Collectors.*;

/**
 * Keeps stock levels for every (warehouse, sku) pair and hands out reservations.
 *
 * @param <K> the key type used to identify warehouses
 */
@SuppressWarnings("unused")
public class InventoryService<K extends Comparable<K>> implements AutoCloseable {

    /** Largest quantity a single reservation may hold. */
    public static final int MAX_RESERVATION = 10_000;

    static final String DEFAULT_WAREHOUSE = "main", OVERFLOW_WAREHOUSE = "overflow";

    private static final long RESERVATION_TTL_SECONDS = 15 * 60;

    private static int instances = 0;

    private final Map<K, Warehouse> warehouses = new ConcurrentHashMap<>();
    private final Clock clock;
    private final List<StockListener> listeners = new ArrayList<>();
    private volatile boolean closed;

    /** The outcome of a reservation attempt. */
    public enum Outcome {
        RESERVED("reserved"),
        PARTIAL("partially reserved"),
        REJECTED("rejected") {
            @Override
            public boolean isFailure() {
                return true;
            }
        };

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public boolean isFailure() {
            return false;
        }
    }

    /** Receives notifications when stock changes. */
    @FunctionalInterface
    public interface StockListener {
        int PRIORITY_DEFAULT = 0;

        void onChange(String sku, int before, int after);

        default int priority() {
            return PRIORITY_DEFAULT;
        }
    }

    /** An immutable reservation handle. */
    public record Reservation(String id, String sku, int quantity, Instant expiresAt) {
        public Reservation {
            requireNonNull(id, "id");
            if (quantity <= 0) {
                throw new IllegalArgumentException("quantity must be positive");
            }
        }

        public boolean isExpired(Instant now) {
            return now.isAfter(expiresAt);
        }
    }

    /** Marks operations that must hold the warehouse lock. */
    public @interface RequiresLock {
        String value() default "stock";

        int timeoutMillis() default 500;
    }

    /** Stock of one warehouse. */
    static final class Warehouse {
        private final String name;
        private final Map<String, Integer> stock = new HashMap<>();
        private final Map<String, Reservation> reservations = new HashMap<>();

        Warehouse(String name) {
            this.name = name;
        }

        synchronized int available(String sku) {
            return stock.getOrDefault(sku, 0);
        }

        @RequiresLock
        synchronized int adjust(String sku, int delta) {
            int before = available(sku);
            int after = Math.max(0, before + delta);
            stock.put(sku, after);
            return after;
        }

        synchronized void expire(Instant now) {
            Iterator<Reservation> it = reservations.values().iterator();
            while (it.hasNext()) {
                Reservation r = it.next();
                if (r.isExpired(now)) {
                    adjust(r.sku(), r.quantity());
                    it.remove();
                }
            }
        }
    }

    /** A view of this service restricted to one warehouse. */
    public class WarehouseView {
        private final K key;

        WarehouseView(K key) {
            this.key = key;
        }

        public int available(String sku) {
            return warehouse(key).available(sku);
        }
    }

    public InventoryService(Clock clock) {
        this.clock = requireNonNull(clock);
        instances++;
    }

    public InventoryService() {
        this(Clock.systemUTC());
    }

    /** Registers a warehouse under {@code key}. */
    public void addWarehouse(K key, String name) {
        warehouses.putIfAbsent(key, new Warehouse(name));
    }

    public void addListener(StockListener listener) {
        listeners.add(listener);
        listeners.sort(Comparator.comparingInt(StockListener::priority).reversed());
    }

    /**
     * Adds {@code quantity} units of {@code sku} to a warehouse.
     *
     * @return the new stock level
     */
    public int restock(K key, String sku, int quantity) {
        ensureOpen();
        Warehouse w = warehouse(key);
        int before = w.available(sku);
        int after = w.adjust(sku, quantity);
        fire(sku, before, after);
        return after;
    }

    /** Tries to reserve {@code quantity} units; may reserve fewer. */
    public Optional<Reservation> reserve(K key, String sku, int quantity) {
        ensureOpen();
        if (quantity > MAX_RESERVATION) {
            throw new IllegalArgumentException("too many: " + quantity);
        }
        Warehouse w = warehouse(key);
        synchronized (w) {
            int have = w.available(sku);
            int take = Math.min(have, quantity);
            if (take == 0) {
                return Optional.empty();
            }
            w.adjust(sku, -take);
            Reservation r = new Reservation(UUID.randomUUID().toString(), sku, take,
                    clock.instant().plusSeconds(RESERVATION_TTL_SECONDS));
            w.reservations.put(r.id(), r);
            fire(sku, have, have - take);
            return Optional.of(r);
        }
    }

    public Outcome classify(Reservation reservation, int requested) {
        if (reservation == null) {
            return Outcome.REJECTED;
        }
        return reservation.quantity() < requested ? Outcome.PARTIAL : Outcome.RESERVED;
    }

    /** Skus whose stock in every warehouse satisfies {@code filter}. */
    public Set<String> skus(Predicate<Integer> filter) {
        Set<String> out = new TreeSet<>();
        for (Warehouse w : warehouses.values()) {
            w.stock.forEach((sku, qty) -> {
                if (filter.test(qty)) {
                    out.add(sku);
                }
            });
        }
        return out;
    }

    public Map<String, Integer> totals() {
        return warehouses.values().stream()
                .flatMap(w -> w.stock.entrySet().stream())
                .collect(groupingBy(Map.Entry::getKey, summingInt(Map.Entry::getValue)));
    }

    public void expireReservations() {
        Instant now = clock.instant();
        warehouses.values().forEach(w -> w.expire(now));
    }

    public WarehouseView view(K key) {
        return new WarehouseView(key);
    }

    protected static <T extends Comparable<T>> T max(T a, T b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    @Override
    public void close() {
        closed = true;
        listeners.clear();
    }

    private Warehouse warehouse(K key) {
        Warehouse w = warehouses.get(key);
        if (w == null) {
            throw new NoSuchElementException("no warehouse " + key);
        }
        return w;
    }

    private void fire(String sku, int before, int after) {
        for (StockListener l : listeners) {
            l.onChange(sku, before, after);
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("inventory service closed");
        }
    }

    static Runnable logger(String prefix) {
        return new Runnable() {
            @Override
            public void run() {
                System.out.println(prefix + " instances=" + instances);
            }
        };
    }
}

/** Package-private helper kept next to the service. */
abstract class StockPolicy {
    abstract boolean allows(int available, int requested);

    static StockPolicy strict() {
        return new StockPolicy() {
            @Override
            boolean allows(int available, int requested) {
                return available >= requested;
            }
        };
    }
}
