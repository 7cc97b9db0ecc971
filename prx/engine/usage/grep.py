"""What ``grep -rn`` prints, counted in-process for ``prx stats`` (no process is started).

GNU grep prints one line per matching line: ``NAME:LINE:TEXT\\n``, where NAME is the file as
grep reached it (the directory operand, a slash, the path below it) and is left out when the
only operand is a file. These helpers count those bytes from what a search already found.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from prx.engine.usage.baseline import utf8_size

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.engine.corpus.corpus import ChunkRecord

__all__ = [
    "grep_includes",
    "grep_target",
    "hit_bytes",
    "name_counter",
    "query_words",
    "word_grep",
]

#: Query words tried by :func:`word_grep` (the longest ones: usually the rarest).
MAX_WORDS = 6
#: Shorter words are not worth a grep of their own.
MIN_WORD = 3
#: Counting stops at this many bytes (8K tokens): past it the figure is a floor, and the
#: count of a common word stays cheap.
CAP = 32 * 1024
#: At most this many chunks are looked at per word (each is read: an index's chunk texts
#: are decoded one by one); the figure is a lower bound either way.
MAX_CHUNKS = 100
#: Words of a question that nobody greps for.
STOP_WORDS = frozenset(
    "about above after all also and any are because been before being but can could did does "
    "doing done each for from get gets got had has have having her here his how into its "
    "just like made make more most not now off once only other our out over same should "
    "some such than that the their them then there these they this those through too under "
    "until use used uses using very was way were what when where which while who whom why "
    "will with would you your".split()
)


def grep_target(path: str) -> str:
    """The operand given to grep for ``path`` (a leading ``-`` would read as an option)."""
    return "./" + path if path.startswith("-") else path


def name_counter(target: str, is_dir: bool) -> Callable[[str], int]:
    """Bytes of ``NAME:`` for a file ``rel`` below ``target`` (0 when ``target`` is a file)."""
    if not is_dir:
        return lambda rel: 0
    prefix = utf8_size(target if target.endswith("/") else target + "/") + 1  # and the ':'
    sizes: dict[str, int] = {}

    def count(rel: str) -> int:
        size = sizes.get(rel)
        if size is None:
            size = sizes[rel] = prefix + utf8_size(rel)
        return size

    return count


def grep_includes(globs: Sequence[str]) -> list[str] | None:
    """``--include=GLOB`` options with the same effect as prx's ``--include`` globs, or None
    when grep cannot express one (grep matches base names, without braces or ``**``)."""
    if any(set(g) & set("/{}") for g in globs):
        return None
    return [f"--include={g}" for g in globs]


def hit_bytes(name: int, line: int, text_bytes: int) -> int:
    """Bytes of one output line: the name part (from :func:`name_counter`), then
    ``LINE:TEXT`` and the newline."""
    return name + len(str(line)) + 1 + text_bytes + 1


def word_grep(
    chunks: Sequence[ChunkRecord],
    words: Sequence[str],
    name: Callable[[str], int],
    accept: Callable[[str], bool] | None = None,
    postings: Callable[[str], Sequence[int] | None] | None = None,
) -> tuple[str, int] | None:
    """Of ``words``, the one whose ``grep -rnF -- WORD`` prints least, among those found at
    all, and the bytes it prints over the lines of ``chunks`` (lines shared by overlapping
    chunks counted once, at most :data:`CAP`); None when no word occurs.

    ``postings(word)`` may name the chunks whose tokens include the word (lower-cased): only
    those are looked at, rarest word first, and a word stops being counted once it prints
    more than the best so far. A word without postings is looked for in every chunk. Only
    the chunks' lines are seen, and postings may miss a word inside a longer one, so the
    figure is a lower bound of what that grep prints over the whole tree.
    """
    everywhere = range(len(chunks))
    plans: list[tuple[int, str, Sequence[int]]] = []
    for word in words:
        ids = postings(word) if postings is not None else None
        plans.append((len(ids) if ids else -1, word, ids or everywhere))
    plans.sort(key=lambda plan: plan[0])  # unknown words (-1) first, then the rarest
    best: tuple[str, int] | None = None
    for _, word, ids in plans:
        limit = best[1] if best else CAP
        total = _count(chunks, ids, word, name, accept, limit)
        if total == 0 and ids is not everywhere:
            # The postings name no chunk holding the word as written: look everywhere.
            total = _count(chunks, everywhere, word, name, accept, limit)
        if total and (best is None or total < best[1]):
            best = (word, min(total, CAP))
    return best


def _count(
    chunks: Sequence[ChunkRecord],
    ids: Sequence[int],
    word: str,
    name: Callable[[str], int],
    accept: Callable[[str], bool] | None,
    limit: int,
) -> int:
    """Bytes grep prints for ``word`` over the chunks ``ids``; stops past ``limit``."""
    total = 0
    seen: set[tuple[str, int]] = set()
    for looked, index in enumerate(ids):
        if looked == MAX_CHUNKS:
            break  # a lower bound already: the rest would only add to it
        chunk = chunks[index]
        text = chunk.text
        at = text.find(word)
        if at < 0 or (accept is not None and not accept(chunk.file)):
            continue
        while at >= 0:
            begin = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            key = (chunk.file, chunk.start_line + text.count("\n", 0, begin))
            if key not in seen:
                seen.add(key)
                total += hit_bytes(name(chunk.file), key[1], utf8_size(text[begin:end]))
            at = text.find(word, end)
        if total >= limit:
            break  # already prints more than a better word, or than the cap
    return total


def query_words(text: str) -> list[str]:
    """The identifiers of a query worth a grep, longest first (ties in query order)."""
    from prx.engine.corpus.tokenize import words

    found = list(
        dict.fromkeys(w for w in words(text) if len(w) >= MIN_WORD and w.lower() not in STOP_WORDS)
    )
    return sorted(found, key=len, reverse=True)[:MAX_WORDS]
