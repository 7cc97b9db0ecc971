"""Static text embeddings from the Model2Vec model that ships inside prx (potion-base-8M).

A Model2Vec model is a table with one vector per token: a text's embedding is the mean of its
tokens' rows, L2-normalised. This module reproduces ``model2vec.StaticModel.encode`` (0.10)
without depending on model2vec, safetensors or huggingface_hub, and never touches the network:

- each text is first cut to ``max_length * median_token_length`` characters (512 * 6 here),
- then tokenised without special tokens and truncated to ``max_length`` (512) tokens,
- the unknown token is dropped *after* truncation, and a text left with no token gets a zero row,
- the kept rows are averaged (rows scaled by ``weights`` and looked up through ``mapping`` when
  the file has those tensors), and the mean is divided by ``norm + 1e-32`` when the model's
  config says ``normalize``.

Tokenisation is the model's own ``tokenizers`` pipeline (BertNormalizer, BertPreTokenizer,
WordPiece) with exact shortcuts, since that pipeline is slow on code (about 1 ms for 1,500
characters). BERT normalisation deletes control characters, turns whitespace into spaces,
lower-cases, strips accents and spaces out CJK characters; pre-tokenisation splits at spaces
and around punctuation; WordPiece then works word by word. So, after deleting the control
characters on which Python's ``str.split`` and BERT disagree (ASCII controls other than tab,
newline and return; U+0085):

- an ASCII text is tokenised by numpy: lower-case, words are runs of letters and digits,
  every other printable character is a word of its own; a word that is in the vocabulary is
  its own token (found by its bytes), any other word goes through the model's WordPiece
  (cached);
- any other text is cut with ``str.split``; its ASCII pieces are tokenised as above and its
  other pieces by the tokenizer's own pipeline (batched, cached);
- a text holding the literal text of a special token goes whole through ``encode_batch``.

The test suite checks on a large fuzzed corpus that every route gives the ids of
``Tokenizer.encode_batch``.

numpy and tokenizers are imported by this module only; it is off the CLI's fast path.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import struct
import threading
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate, chain
from typing import TYPE_CHECKING, Any

import numpy as np  # noqa: TID253  (embedding is off the CLI fast path)

from prx.engine.corpus.packaged_model import MODEL_ID, PACKAGED_MODEL_SHA256, default_model_dir

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "MODEL_ID",
    "PACKAGED_MODEL_SHA256",
    "StaticEmbedder",
    "default_embedder",
    "default_model_dir",
]

#: model2vec's default token limit, used when config.json has no ``max_length``.
DEFAULT_MAX_LENGTH = 512

_DTYPES: dict[str, str] = {
    "F64": "<f8",
    "F32": "<f4",
    "F16": "<f2",
    "I64": "<i8",
    "I32": "<i4",
    "I16": "<i2",
    "I8": "i1",
    "U8": "u1",
    "BOOL": "?",
}
#: Past these sizes a cache of the shortcuts starts afresh.
_PIECE_CACHE_LIMIT = 1 << 18
_WORD_CACHE_LIMIT = 1 << 18
#: A single text up to this many characters is tokenised piece by piece, not vectorised.
_SHORT_TEXT = 2_000
#: After lower-casing, BertPreTokenizer splits ASCII text into runs of letters/digits and
#: single punctuation characters (every printable ASCII character that is neither).
_ASCII_WORDS = re.compile(r"[a-z0-9]+|[!-/:-@\[-`{-~]")
#: Control characters that BertNormalizer deletes (tab, newline and return become spaces):
#: the ASCII ones and U+0085, which include all that ``str.split`` would split at.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x85]")
_DELETE_CONTROL = dict.fromkeys([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F, 0x85])
#: Stands, in a text given to the vectorised tokenizer, for a non-ASCII piece whose ids are
#: spliced in afterwards (DEL: deleted from every text before, so it is never real text).
_HOLE = "\x7f"
#: Words of up to this many bytes are keyed by their bytes: two little-endian uint64, padded.
_KEY_BYTES = 16
_LOW_MASKS = np.array([(1 << (8 * min(n, 8))) - 1 for n in range(17)], dtype=np.uint64)
_HIGH_MASKS = np.array([(1 << (8 * max(n - 8, 0))) - 1 for n in range(17)], dtype=np.uint64)
_MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xC2B2AE3D27D4EB4F))


def _read_safetensors(data: bytes, path: str) -> dict[str, NDArray[Any]]:
    """The tensors of a safetensors file (little-endian buffers behind a JSON header)."""
    if len(data) < 8:
        raise ValueError(f"{path}: not a safetensors file")
    (length,) = struct.unpack("<Q", data[:8])
    if 8 + length > len(data):
        raise ValueError(f"{path}: safetensors header runs past the end of the file")
    header: dict[str, Any] = json.loads(data[8 : 8 + length])
    base = 8 + length
    tensors: dict[str, NDArray[Any]] = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = (int(x) for x in info["data_offsets"])
        shape = tuple(int(x) for x in info["shape"])
        kind = info["dtype"]
        if base + end > len(data) or start > end:
            raise ValueError(f"{path}: tensor {name!r} lies outside the file")
        if kind == "BF16":
            raw = np.frombuffer(data, dtype="<u2", count=(end - start) // 2, offset=base + start)
            array: NDArray[Any] = (raw.astype(np.uint32) << 16).view(np.float32)
        elif kind in _DTYPES:
            dtype = np.dtype(_DTYPES[kind])
            count = (end - start) // dtype.itemsize
            array = np.frombuffer(data, dtype=dtype, count=count, offset=base + start)
        else:
            raise ValueError(f"{path}: tensor {name!r} has unsupported dtype {kind}")
        tensors[name] = array.reshape(shape)
    return tensors


def _word_keys(
    windows: NDArray[np.uint8], starts: NDArray[np.intp], lengths: NDArray[np.intp]
) -> tuple[NDArray[np.uint64], NDArray[np.uint64], NDArray[np.uint64]]:
    """Words' first 16 bytes as two uint64 keys (zero past the word's end), and a hash of both.

    ``windows`` is a (size, 16) sliding-window view of the text bytes padded with 16 zeros.
    """
    keys = windows[starts].view("<u8").astype(np.uint64, copy=False)
    clipped = np.minimum(lengths, _KEY_BYTES)
    low = keys[:, 0] & _LOW_MASKS[clipped]
    high = keys[:, 1] & _HIGH_MASKS[clipped]
    return low * _MIX[0] + high * _MIX[1], low, high


def _windows(data: NDArray[np.uint8]) -> NDArray[np.uint8]:
    padded = np.concatenate([data, np.zeros(_KEY_BYTES, dtype=np.uint8)])
    return np.lib.stride_tricks.sliding_window_view(padded, _KEY_BYTES)


def _without_surrogates(text: str) -> str:
    """``text`` with each lone surrogate (an undecodable byte) as U+FFFD."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)
    return text


class _WordCache(dict[str, tuple[int, ...]]):
    """Lower-cased ASCII word -> its WordPiece ids, computed by the model on a miss."""

    def __init__(self, model: Any) -> None:
        super().__init__()
        self._tokenize: Callable[[str], list[Any]] = model.tokenize

    def __missing__(self, word: str) -> tuple[int, ...]:
        value = tuple([token.id for token in self._tokenize(word)])
        self[word] = value
        return value


class _PieceCache(dict[str, tuple[int, ...]]):
    """Whitespace-free piece of text (control characters deleted) -> its token ids."""

    def __init__(self, words: _WordCache, tokenizer: Any) -> None:
        super().__init__()
        self._word = words.__getitem__
        self._tokenizer = tokenizer

    def __missing__(self, piece: str) -> tuple[int, ...]:
        if piece.isascii():
            lower = piece.lower()
            if lower.isalnum():
                value = self._word(lower)
            else:
                value = tuple(chain.from_iterable(map(self._word, _ASCII_WORDS.findall(lower))))
        else:  # batched in _tokenize() before the lookups: the tokenizer's own pipeline
            value = tuple(self._tokenizer.encode(piece, add_special_tokens=False).ids)
        self[piece] = value
        return value


class _AsciiTokenizer:
    """BERT pre-tokenisation and WordPiece, vectorised, for ASCII text without controls.

    After lower-casing, a pre-tokenised word is a run of letters and digits or one punctuation
    character. A run that is a vocabulary entry is that entry's token: runs of up to 16 bytes
    are looked up by their bytes in an open-addressing table. Any other run (not in the
    vocabulary, or longer) goes through the model's WordPiece, once per distinct run.
    """

    def __init__(self, vocab: dict[str, int], words: _WordCache, max_word_chars: int) -> None:
        self._words = words
        self.usable = False
        #: 0 whitespace, 1 letter or digit, 2 punctuation (a word of its own).
        self._class = np.zeros(256, dtype=np.uint8)
        self._punct = np.full(256, -1, dtype=np.intp)
        for code in range(33, 127):
            char = chr(code)
            if char.isalnum():
                self._class[code] = 1
                continue
            self._class[code] = 2
            ids = words[char]
            if len(ids) != 1:
                return
            self._punct[code] = ids[0]
        self._class[ord(_HOLE)] = 2  # a unit of its own, like punctuation
        self._punct[ord(_HOLE)] = -2  # ids spliced in from the caller's ``holes``
        self._key_chars = min(_KEY_BYTES, max_word_chars)
        entries = [
            (token, index)
            for token, index in vocab.items()
            if token.isascii()
            and token.isalnum()
            and token == token.lower()
            and len(token) <= self._key_chars
        ]
        if not entries:
            return
        text = " ".join(token for token, _ in entries).encode("ascii")
        lengths = np.array([len(token) for token, _ in entries], dtype=np.intp)
        starts = np.cumsum(lengths + 1) - (lengths + 1)
        hashes, self._low, self._high = _word_keys(
            _windows(np.frombuffer(text, dtype=np.uint8)), starts, lengths
        )
        self._ids = np.array([index for _, index in entries], dtype=np.intp)
        ordered = np.sort(hashes)  # (np.unique would import numpy.ma: 20 ms at start-up)
        if (ordered[1:] == ordered[:-1]).any():
            return  # two vocabulary words with one hash: never seen, but then stay exact
        # Open addressing with linear probing, at most a quarter full.
        bits = max(10, int(4 * len(entries) - 1).bit_length())
        self._shift = np.uint64(64 - bits)
        self._mask = (1 << bits) - 1
        self._slot_hash = np.zeros(1 << bits, dtype=np.uint64)
        self._slot_entry = np.full(1 << bits, -1, dtype=np.intp)
        home = (hashes >> self._shift).astype(np.intp)
        pending = np.arange(hashes.size)
        self._probes = 0
        while pending.size:
            slots = (home[pending] + self._probes) & self._mask
            free = self._slot_entry[slots] < 0
            taken, first = np.unique(slots[free], return_index=True)
            winners = pending[free][first]
            self._slot_entry[taken] = winners
            self._slot_hash[taken] = hashes[winners]
            placed = np.zeros(hashes.size, dtype=bool)
            placed[winners] = True
            pending = pending[~placed[pending]]
            self._probes += 1
        self.usable = True

    def _lookup(self, hashes: NDArray[np.uint64]) -> NDArray[np.intp]:
        """The vocabulary entry with each hash, or -1."""
        home = (hashes >> self._shift).astype(np.intp)
        entry: NDArray[np.intp] = self._slot_entry[home]
        match = self._slot_hash[home] == hashes
        todo = np.flatnonzero(~match & (entry >= 0))  # an other word in the way: probe on
        entry[~match] = -1
        for probe in range(1, self._probes):
            if not todo.size:
                break
            slots = (home[todo] + probe) & self._mask
            found = self._slot_entry[slots]
            match = self._slot_hash[slots] == hashes[todo]
            entry[todo[match]] = found[match]
            todo = todo[~match & (found >= 0)]
        return entry

    def __call__(
        self,
        texts: Sequence[str],
        max_length: int | None,
        holes: Sequence[tuple[int, ...]] = (),
    ) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
        """Token ids of ASCII texts free of control characters: (all ids, count per text).

        Each :data:`_HOLE` in the texts (a whitespace-separated unit of its own) stands for
        the next of ``holes``, ids computed by the caller (a non-ASCII piece)."""
        count = len(texts)
        joined = " ".join(texts).lower()
        data = np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
        kind = self._class[data]
        alnum = kind == 1
        starts = alnum.copy()
        starts[1:] &= ~alnum[:-1]
        ends = alnum.copy()
        ends[:-1] &= ~alnum[1:]
        starts |= kind == 2
        units = np.flatnonzero(starts)  # where each pre-tokenised word begins
        unit_ids = self._punct[data[units]]  # -1 for a run of letters and digits, -2 a hole
        word_units = np.flatnonzero(unit_ids == -1)
        hole_units = np.flatnonzero(unit_ids == -2)
        word_starts = units[word_units]
        word_ends = np.flatnonzero(ends) + 1
        lengths = word_ends - word_starts

        hashes, low, high = _word_keys(_windows(data), word_starts, lengths)
        entry = self._lookup(hashes)
        known = entry >= 0
        known[known] = (self._low[entry[known]] == low[known]) & (
            self._high[entry[known]] == high[known]
        )
        known &= lengths <= self._key_chars
        unit_ids[word_units[known]] = self._ids[entry[known]]

        counts = np.ones(units.size, dtype=np.intp)
        other = np.flatnonzero(~known)  # the model's WordPiece, once per distinct word
        if other.size or hole_units.size:
            if len(holes) != hole_units.size:
                raise ValueError(f"{hole_units.size} holes in the texts, {len(holes)} given")
            pool, pool_lengths, which = self._wordpieces(
                joined,
                word_starts[other],
                word_ends[other],
                hashes[other],
                low[other],
                high[other],
            )
            other_units = word_units[other]
            if hole_units.size:  # the holes' ids join the pool, each hole its own entry
                hole_pool, hole_lengths, _ = _pool(list(holes), np.zeros(0, dtype=np.intp))
                which = np.concatenate([which, pool_lengths.size + np.arange(len(holes))])
                pool = np.concatenate([pool, hole_pool])
                pool_lengths = np.concatenate([pool_lengths, hole_lengths])
                other_units = np.concatenate([other_units, hole_units])
            other_counts = pool_lengths[which]
            counts[other_units] = other_counts
            flat = np.repeat(unit_ids, counts)
            before = np.cumsum(other_counts) - other_counts
            offsets = np.cumsum(counts) - counts
            pool_starts = np.cumsum(pool_lengths) - pool_lengths
            step = np.arange(int(other_counts.sum())) - np.repeat(before, other_counts)
            flat[np.repeat(offsets[other_units], other_counts) + step] = pool[
                np.repeat(pool_starts[which], other_counts) + step
            ]
        else:
            flat = unit_ids

        # Tokens per text: the units from each text's first byte on (texts are ' '-joined).
        text_lengths = np.fromiter(map(len, texts), np.intp, count)
        text_starts = np.cumsum(text_lengths + 1) - (text_lengths + 1)
        token_starts = np.append(np.cumsum(counts) - counts, flat.size)
        bounds = token_starts[np.searchsorted(units, text_starts)]
        totals = np.diff(np.append(bounds, flat.size))
        if max_length is not None and count and totals.max() > max_length:
            over = np.flatnonzero(totals > max_length)
            drop = totals[over] - max_length
            first = np.repeat(bounds[over] + max_length - (np.cumsum(drop) - drop), drop)
            keep = np.ones(flat.size, dtype=bool)
            keep[first + np.arange(first.size)] = False
            flat = flat[keep]
            totals = np.minimum(totals, max_length)
        return flat, totals

    def _wordpieces(
        self,
        joined: str,
        starts: NDArray[np.intp],
        ends: NDArray[np.intp],
        hashes: NDArray[np.uint64],
        low: NDArray[np.uint64],
        high: NDArray[np.uint64],
    ) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.intp]]:
        """WordPiece ids of words: (ids of each distinct word end to end, how many for each
        distinct word, which distinct word each given word is)."""
        lookup = self._words.__getitem__
        # Words of up to 16 bytes are the same word when their keys are; longer ones are rare.
        long = (ends - starts) > _KEY_BYTES
        hashes = np.where(long, np.uint64(0), hashes)
        _, first, which = np.unique(hashes, return_index=True, return_inverse=True)
        which = which.reshape(-1)
        lengths = ends - starts
        same = (low[first][which] == low) & (high[first][which] == high) & ~long
        same &= lengths[first][which] == lengths
        distinct = [
            lookup(joined[a:b])
            for a, b in zip(starts[first].tolist(), ends[first].tolist(), strict=True)
        ]
        alone = np.flatnonzero(~same)
        if alone.size:  # long words, and (never seen) short words whose hashes collide
            which[alone] = len(distinct) + np.arange(alone.size)
            distinct += [
                lookup(joined[a:b])
                for a, b in zip(starts[alone].tolist(), ends[alone].tolist(), strict=True)
            ]
        return _pool(distinct, which)


def _pool(
    pieces: list[tuple[int, ...]], which: NDArray[np.intp]
) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.intp]]:
    lengths = np.fromiter(map(len, pieces), np.intp, len(pieces))
    pool = np.fromiter(chain.from_iterable(pieces), np.intp, int(lengths.sum()))
    return pool, lengths, which.astype(np.intp, copy=False)


class StaticEmbedder:
    """Model2Vec-style static embeddings: tokenize, gather rows, mean, L2-normalise."""

    model_id: str
    model_hash: str
    dim: int
    directory: str
    max_length: int | None
    normalize: bool
    median_token_length: int

    def __init__(
        self,
        *,
        table: NDArray[np.float32],
        tokenizer: Any,
        config: dict[str, Any],
        model_id: str,
        model_hash: str,
        directory: str,
        weights: NDArray[np.float32] | None = None,
        mapping: NDArray[np.intp] | None = None,
    ) -> None:
        self._table = table
        self._weights = weights
        self._mapping = mapping
        self.model_id = model_id
        self.model_hash = model_hash
        self.directory = directory
        self.dim = int(table.shape[1])
        self.normalize = bool(config.get("normalize", False))
        max_length = config.get("max_length", DEFAULT_MAX_LENGTH)
        self.max_length = None if max_length is None else int(max_length)

        tokenizer.no_padding()
        if self.max_length is None:
            tokenizer.no_truncation()
        else:
            tokenizer.enable_truncation(self.max_length)
        self._tokenizer = tokenizer
        self._encode_batch: Callable[..., list[Any]] = getattr(
            tokenizer, "encode_batch_fast", tokenizer.encode_batch
        )
        vocab: dict[str, int] = tokenizer.get_vocab()
        if mapping is None and len(vocab) != table.shape[0]:
            raise ValueError(
                f"{directory}: {len(vocab)} tokens but {table.shape[0]} embedding rows"
            )
        self.median_token_length = int(np.median([len(token) for token in vocab]))
        self._char_limit = (
            None if self.max_length is None else self.max_length * self.median_token_length
        )
        self._unk_id = _unk_token_id(tokenizer)

        added = list(tokenizer.get_added_tokens_decoder().values())
        # Added tokens are matched in the raw text, before normalisation, unless "normalized".
        self._shortcut = _has_bert_pipeline(tokenizer) and not any(t.normalized for t in added)
        specials = [re.escape(token.content) for token in added if token.content]
        self._special = re.compile("|".join(specials), re.IGNORECASE) if specials else None
        if any("\n" in token.content for token in added):
            self._shortcut = False  # _tokenize() searches texts joined by newlines
        self._words = _WordCache(tokenizer.model)
        self._pieces = _PieceCache(self._words, tokenizer)
        self._ascii: _AsciiTokenizer | None = None
        if self._shortcut:
            max_word_chars = int(getattr(tokenizer.model, "max_input_chars_per_word", 100))
            ascii_tokenizer = _AsciiTokenizer(vocab, self._words, max_word_chars)
            self._ascii = ascii_tokenizer if ascii_tokenizer.usable else None

    # -- loading ---------------------------------------------------------------------------

    @classmethod
    def load(cls, directory: str | None = None) -> StaticEmbedder:
        """Load a Model2Vec model directory (default: the model packaged with prx).

        The directory holds ``model.safetensors`` (an ``embeddings`` tensor, optionally
        ``weights`` and ``mapping``), ``tokenizer.json`` and ``config.json``. Only local files
        are read.
        """
        from tokenizers import Tokenizer

        packaged = directory is None
        folder = default_model_dir() if directory is None else os.path.abspath(directory)
        model_path = os.path.join(folder, "model.safetensors")
        with open(model_path, "rb") as handle:
            data = handle.read()
        model_hash = hashlib.sha256(data).hexdigest()
        tensors = _read_safetensors(data, model_path)
        if "embeddings" not in tensors:
            raise ValueError(f"{model_path}: no 'embeddings' tensor (found {sorted(tensors)})")
        embeddings = tensors["embeddings"]
        if embeddings.ndim != 2:
            raise ValueError(f"{model_path}: 'embeddings' must be 2-D, not {embeddings.shape}")
        table = np.ascontiguousarray(embeddings, dtype=np.float32)
        weights = tensors.get("weights")
        mapping = tensors.get("mapping")
        with open(os.path.join(folder, "config.json"), encoding="utf-8") as handle:
            config: dict[str, Any] = json.load(handle)
        tokenizer = Tokenizer.from_file(os.path.join(folder, "tokenizer.json"))
        return cls(
            table=table,
            tokenizer=tokenizer,
            config=config,
            model_id=MODEL_ID if packaged else os.path.basename(folder.rstrip(os.sep)),
            model_hash=model_hash,
            directory=folder,
            weights=None if weights is None else weights.astype(np.float32).reshape(-1),
            mapping=None if mapping is None else mapping.astype(np.intp).reshape(-1),
        )

    def __repr__(self) -> str:
        return (
            f"StaticEmbedder(model_id={self.model_id!r}, dim={self.dim}, "
            f"sha256={self.model_hash[:12]}…)"
        )

    # -- tokenisation ----------------------------------------------------------------------

    def token_ids(self, texts: Sequence[str], *, fast: bool = True) -> list[list[int]]:
        """Each text's token ids as model2vec computes them, before the unknown token is dropped.

        ``fast=False`` sends every text through the tokenizer's own pipeline (for tests).
        """
        flat, lengths = self._tokenize(texts, fast=fast)
        if not len(texts):
            return []
        return [part.tolist() for part in np.split(flat, np.cumsum(lengths)[:-1])]

    def _tokenize(
        self, texts: Sequence[str], *, fast: bool = True
    ) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
        """All texts' token ids end to end, and how many belong to each text."""
        limit = self._char_limit
        cut = [text[:limit] for text in texts] if limit is not None else list(texts)
        # The tokenizer takes no lone surrogate (a name or query that was not UTF-8).
        cut = [text if text.isascii() else _without_surrogates(text) for text in cut]
        count = len(cut)
        if not (fast and self._shortcut):
            return _concatenate(self._full_pipeline(cut))
        for cache, most in ((self._pieces, _PIECE_CACHE_LIMIT), (self._words, _WORD_CACHE_LIMIT)):
            if len(cache) > most:
                cache.clear()
        # One search over the texts joined by newlines finds the few that hold a special
        # token or a control character (no special token holds a newline: checked at load).
        joined = "\n".join(cut)
        ends = list(accumulate(len(text) + 1 for text in cut))
        special = _texts_matching(self._special, joined, ends) if self._special else set()
        control = _texts_matching(_CONTROL, joined, ends)
        ascii_texts: list[str] = []
        ascii_at: list[int] = []
        other_at: list[int] = []
        full_at: list[int] = []
        split: list[list[str]] = []
        pending: set[str] = set()
        foreign: list[str] = []  # the non-ASCII pieces of vectorised texts, in order
        cache = self._pieces
        # One short text (a query) is cheaper through the piece cache than through numpy.
        vectorise = self._ascii is not None and (count > 1 or len(joined) > _SHORT_TEXT)
        for i, text in enumerate(cut):
            if i in special:
                full_at.append(i)
                continue
            if i in control:
                text = text.translate(_DELETE_CONTROL)
            if vectorise and text.isascii():
                ascii_at.append(i)
                ascii_texts.append(text)
                continue
            pieces = text.split()
            alien = [p for p in pieces if not p.isascii()]
            pending.update(p for p in alien if p not in cache)
            if vectorise:
                # Tokenisation is piece by piece (BERT splits at whitespace first): the
                # ASCII pieces go through numpy with the rest, each non-ASCII piece is a
                # hole its ids (the tokenizer's own, once per distinct piece) fill.
                ascii_at.append(i)
                ascii_texts.append(" ".join([p if p.isascii() else _HOLE for p in pieces]))
                foreign += alien
                continue
            other_at.append(i)
            split.append(pieces)
        if pending:  # non-ASCII pieces: the tokenizer's own pipeline, in one parallel batch
            new = list(pending)
            for piece, encoding in zip(
                new, self._encode_batch(new, add_special_tokens=False), strict=True
            ):
                cache[piece] = tuple(encoding.ids)
        flat: NDArray[np.intp] = np.zeros(0, dtype=np.intp)
        lengths: NDArray[np.intp] = np.zeros(0, dtype=np.intp)
        if ascii_texts and self._ascii is not None:
            holes = [cache[piece] for piece in foreign]
            flat, lengths = self._ascii(ascii_texts, self.max_length, holes)
            if len(ascii_at) == count:
                return flat, lengths
        others: dict[int, Sequence[int]] = {}
        piece_ids = cache.__getitem__  # ASCII pieces are filled in on a miss
        max_length = self.max_length
        for i, pieces in zip(other_at, split, strict=True):
            ids = list(chain.from_iterable(map(piece_ids, pieces)))
            others[i] = ids if max_length is None else ids[:max_length]
        if full_at:
            for i, ids in zip(full_at, self._full_pipeline([cut[i] for i in full_at]), strict=True):
                others[i] = ids
        return _interleave(count, ascii_at, flat, lengths, others)

    def _full_pipeline(self, texts: list[str]) -> list[list[int]]:
        return [e.ids for e in self._encode_batch(texts, add_special_tokens=False)]

    # -- encoding --------------------------------------------------------------------------

    def encode(self, texts: Sequence[str], *, batch_size: int = 1024) -> NDArray[np.float32]:
        """Embed texts: a float32 array (len(texts), dim) of L2-normalised rows.

        A text without a known token (empty, whitespace, only unknown characters) gives a
        zero row.
        """
        if isinstance(texts, str):
            raise TypeError("encode() takes a sequence of texts, not a single str")
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), batch_size):
            batch = texts[start : start + batch_size]
            self._encode_into(batch, out[start : start + len(batch)])
        return out

    def _encode_into(self, texts: Sequence[str], out: NDArray[np.float32]) -> None:
        flat, lengths = self._tokenize(texts)
        count = len(texts)
        if self._unk_id is not None:
            keep = flat != self._unk_id
            if not keep.all():
                owner = np.repeat(np.arange(count), lengths)
                flat = flat[keep]
                lengths = np.bincount(owner[keep], minlength=count)
        filled = np.flatnonzero(lengths)
        if filled.size == 0:
            return
        table = self._table
        # Each text's sum of rows as (count of each distinct token) @ (its rows): one small
        # matrix-vector product instead of summing every row (code repeats its tokens a lot).
        # The distinct tokens of every text come from one sort of (text, token) keys.
        span = int(flat.max()) + 1
        owner = np.repeat(np.arange(count, dtype=np.int64), lengths)
        keys, counts = np.unique(owner * span + flat, return_counts=True)
        tokens = keys % span
        coefficients = counts.astype(np.float32)
        if self._weights is not None:
            coefficients *= self._weights[tokens]
        rows = tokens if self._mapping is None else self._mapping[tokens]
        bounds = np.searchsorted(keys, np.arange(count + 1, dtype=np.int64) * span).tolist()
        for i in filled.tolist():
            first, last = bounds[i], bounds[i + 1]
            out[i] = coefficients[first:last] @ table[rows[first:last]]
        out[filled] /= lengths[filled, None].astype(np.float32)
        if self.normalize:
            norms = np.linalg.norm(out[filled], axis=1, keepdims=True)
            out[filled] /= norms + np.float32(1e-32)


def _texts_matching(pattern: re.Pattern[str], joined: str, ends: list[int]) -> set[int]:
    """Which of the texts joined by newlines (text i ends before ``ends[i]``) hold a match
    of ``pattern`` (which never matches a newline)."""
    return {bisect_right(ends, match.start()) for match in pattern.finditer(joined)}


def _interleave(
    count: int,
    ascii_at: list[int],
    flat: NDArray[np.intp],
    lengths: NDArray[np.intp],
    others: dict[int, Sequence[int]],
) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """The ids of ``count`` texts end to end: the vectorised texts' (``flat``, ``lengths``,
    in ``ascii_at`` order) around the few others', cut only where another text goes."""
    every = np.zeros(count, dtype=np.intp)
    every[ascii_at] = lengths
    before = [0, *accumulate(lengths.tolist())]  # ids of the first k vectorised texts
    segments: list[NDArray[np.intp]] = []
    taken = 0
    for i in sorted(others):
        ids = others[i]
        every[i] = len(ids)
        stop = before[bisect_left(ascii_at, i)]
        segments += [flat[taken:stop], np.asarray(ids, dtype=np.intp)]
        taken = stop
    segments.append(flat[taken:])
    return np.concatenate(segments), every


def _concatenate(
    parts: Sequence[Sequence[int] | NDArray[np.intp]],
) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    lengths = np.fromiter(map(len, parts), np.intp, len(parts))
    if not parts:
        return np.zeros(0, dtype=np.intp), lengths
    return np.concatenate([np.asarray(part, dtype=np.intp) for part in parts]), lengths


def _unk_token_id(tokenizer: Any) -> int | None:
    """The unknown token's id, found as model2vec finds it."""
    model = tokenizer.model
    if hasattr(model, "unk_token"):  # WordPiece, BPE, WordLevel
        token = model.unk_token
        if token is None:
            return None
        unk: int | None = tokenizer.token_to_id(token)
        return unk
    unigram_unk = json.loads(tokenizer.to_str())["model"].get("unk_id")  # Unigram
    return None if unigram_unk is None else int(unigram_unk)


def _has_bert_pipeline(tokenizer: Any) -> bool:
    """Whether the shortcuts reproduce this tokenizer (BERT normalisation with lower-casing,
    BERT pre-tokenisation, WordPiece)."""
    normalizer = tokenizer.normalizer
    return (
        type(normalizer).__name__ == "BertNormalizer"
        and bool(getattr(normalizer, "lowercase", False))
        and bool(getattr(normalizer, "clean_text", False))
        and type(tokenizer.pre_tokenizer).__name__ == "BertPreTokenizer"
        and type(tokenizer.model).__name__ == "WordPiece"
    )


_default: StaticEmbedder | None = None
_default_lock = threading.Lock()


def default_embedder() -> StaticEmbedder:
    """The packaged model, loaded once per process."""
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                _default = StaticEmbedder.load()
    return _default
