//! A small in-memory key/value store with write-ahead logging.
//!
//! The store keeps values in shards, each guarded by its own lock, and records
//! every mutation in a log so that it can be replayed after a restart.

extern crate alloc;

mod codec;
pub mod metrics;

use std::collections::{BTreeMap, HashMap};
use std::fmt::{self, Display};
use std::io::{self as stdio, Write};
use std::sync::Arc;
use std::sync::RwLock;
use crate::codec::*;
use super::config::Config as StoreConfig;
use self::metrics::Counter;

/// Number of shards a store is split into.
pub const SHARD_COUNT: usize = 16;

/// Largest value accepted by [`Store::put`], in bytes.
const MAX_VALUE_LEN: usize = 1 << 20;

/// Global counter of stores created in this process.
static STORES_CREATED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

static mut DEBUG_LEVEL: u8 = 0;

/// A key in the store.
pub type Key = Vec<u8>;

/// The result type used throughout the store.
pub type Result<T> = std::result::Result<T, StoreError>;

type ShardMap = HashMap<Key, Entry>;

/// Errors the store can report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// The key does not exist.
    NotFound(Key),
    /// The value is larger than [`MAX_VALUE_LEN`].
    TooLarge { len: usize, limit: usize },
    /// The log could not be written.
    Io(String),
    Poisoned,
}

impl Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::NotFound(key) => write!(f, "key not found: {:?}", key),
            StoreError::TooLarge { len, limit } => {
                write!(f, "value of {} bytes exceeds limit of {}", len, limit)
            }
            StoreError::Io(msg) => write!(f, "log error: {}", msg),
            StoreError::Poisoned => f.write_str("lock poisoned"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<stdio::Error> for StoreError {
    fn from(err: stdio::Error) -> Self {
        StoreError::Io(err.to_string())
    }
}

/// One stored value together with its version.
#[derive(Debug, Clone)]
struct Entry {
    value: Vec<u8>,
    version: u64,
}

/// A version number wrapper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version(pub u64);

/// Marker used when no log is attached.
pub struct NoLog;

/// A raw view on an entry header, shared with the C side.
#[repr(C)]
pub union Header {
    pub bits: u64,
    pub parts: [u32; 2],
}

/// Something that can persist store mutations.
pub trait Journal: Send + Sync {
    /// The error this journal reports.
    type Error: Into<StoreError>;

    /// The on-disk format version.
    const FORMAT: u32;

    /// Appends one record.
    fn append(&mut self, op: &Op) -> std::result::Result<(), Self::Error>;

    /// Flushes buffered records; does nothing by default.
    fn flush(&mut self) -> std::result::Result<(), Self::Error> {
        Ok(())
    }
}

/// A mutation recorded in the journal.
#[derive(Debug)]
pub enum Op {
    Put { key: Key, value: Vec<u8> },
    Delete(Key),
}

impl Op {
    /// The key this operation touches.
    pub fn key(&self) -> &[u8] {
        match self {
            Op::Put { key, .. } | Op::Delete(key) => key,
        }
    }

    fn encoded_len(&self) -> usize {
        match self {
            Op::Put { key, value } => 1 + key.len() + value.len(),
            Op::Delete(key) => 1 + key.len(),
        }
    }
}

impl Journal for NoLog {
    type Error = StoreError;
    const FORMAT: u32 = 0;

    fn append(&mut self, _op: &Op) -> Result<()> {
        Ok(())
    }
}

/// A journal writing records to any [`Write`] sink.
pub struct WriterLog<W: Write> {
    sink: W,
    written: u64,
}

impl<W: Write> WriterLog<W> {
    pub fn new(sink: W) -> Self {
        WriterLog { sink, written: 0 }
    }

    pub fn written(&self) -> u64 {
        self.written
    }
}

impl<W> Journal for WriterLog<W>
where
    W: Write + Send + Sync,
{
    type Error = StoreError;
    const FORMAT: u32 = 1;

    fn append(&mut self, op: &Op) -> Result<()> {
        let tag: u8 = match op {
            Op::Put { .. } => b'P',
            Op::Delete(_) => b'D',
        };
        self.sink.write_all(&[tag])?;
        self.sink.write_all(op.key())?;
        self.written += op.encoded_len() as u64;
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        self.sink.flush()?;
        Ok(())
    }
}

/// The store itself.
pub struct Store<J: Journal = NoLog> {
    shards: Vec<RwLock<ShardMap>>,
    journal: Arc<RwLock<J>>,
    next_version: u64,
}

impl<J: Journal> Store<J> {
    /// Creates an empty store writing to `journal`.
    pub fn with_journal(journal: J) -> Self {
        STORES_CREATED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let shards = (0..SHARD_COUNT).map(|_| RwLock::new(HashMap::new())).collect();
        Store { shards, journal: Arc::new(RwLock::new(journal)), next_version: 1 }
    }

    fn shard_for(&self, key: &[u8]) -> &RwLock<ShardMap> {
        let hash = key.iter().fold(0usize, |acc, b| acc.wrapping_mul(31).wrapping_add(*b as usize));
        &self.shards[hash % SHARD_COUNT]
    }

    /// Stores `value` under `key`, returning the new version.
    pub fn put(&mut self, key: Key, value: Vec<u8>) -> Result<Version> {
        if value.len() > MAX_VALUE_LEN {
            return Err(StoreError::TooLarge { len: value.len(), limit: MAX_VALUE_LEN });
        }
        let op = Op::Put { key: key.clone(), value: value.clone() };
        self.journal.write().map_err(|_| StoreError::Poisoned)?.append(&op).map_err(Into::into)?;
        let version = self.next_version;
        self.next_version += 1;
        let mut shard = self.shard_for(&key).write().map_err(|_| StoreError::Poisoned)?;
        shard.insert(key, Entry { value, version });
        Ok(Version(version))
    }

    /// Reads the value stored under `key`.
    pub fn get(&self, key: &[u8]) -> Result<Vec<u8>> {
        let shard = self.shard_for(key).read().map_err(|_| StoreError::Poisoned)?;
        shard
            .get(key)
            .map(|entry| entry.value.clone())
            .ok_or_else(|| StoreError::NotFound(key.to_vec()))
    }

    /// Removes `key`; returns whether it existed.
    pub fn delete(&mut self, key: &[u8]) -> Result<bool> {
        let op = Op::Delete(key.to_vec());
        self.journal.write().map_err(|_| StoreError::Poisoned)?.append(&op).map_err(Into::into)?;
        let mut shard = self.shard_for(key).write().map_err(|_| StoreError::Poisoned)?;
        Ok(shard.remove(key).is_some())
    }

    /// A sorted snapshot of every key and value.
    pub fn snapshot(&self) -> BTreeMap<Key, Vec<u8>> {
        fn merge(into: &mut BTreeMap<Key, Vec<u8>>, shard: &ShardMap) {
            for (k, e) in shard {
                into.insert(k.clone(), e.value.clone());
            }
        }
        let mut out = BTreeMap::new();
        for shard in &self.shards {
            if let Ok(guard) = shard.read() {
                merge(&mut out, &guard);
            }
        }
        out
    }
}

impl Default for Store<NoLog> {
    fn default() -> Self {
        Store::with_journal(NoLog)
    }
}

/// Builds a `Key` from string literals: `key!("a", "b")` is `b"a/b"`.
#[macro_export]
macro_rules! key {
    ($($part:expr),+ $(,)?) => {{
        let parts: Vec<&str> = vec![$($part),+];
        parts.join("/").into_bytes()
    }};
}

/// Reads the configured debug level.
pub fn debug_level() -> u8 {
    unsafe { DEBUG_LEVEL }
}

/// Computes the size of a store's payload without locking it for long.
pub async fn payload_size<J>(store: &Store<J>) -> usize
where
    J: Journal,
{
    store.snapshot().values().map(Vec::len).sum()
}

pub const fn shard_mask() -> usize {
    SHARD_COUNT - 1
}

/// Sets the debug level.
///
/// # Safety
/// Must not be called while another thread reads the level.
pub unsafe fn set_debug_level(level: u8) {
    DEBUG_LEVEL = level;
}

pub(crate) fn describe<T: Display + ?Sized>(item: &T) -> String {
    format!("<{}>", item)
}

extern "C" {
    fn crc32(data: *const u8, len: usize) -> u32;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled() -> Store {
        let mut store = Store::default();
        store.put(key!("a"), b"1".to_vec()).unwrap();
        store
    }

    #[test]
    fn get_returns_stored_value() {
        let store = filled();
        assert_eq!(store.get(b"a").unwrap(), b"1".to_vec());
    }

    #[test]
    fn missing_key_is_an_error() {
        let store = filled();
        assert!(matches!(store.get(b"zz"), Err(StoreError::NotFound(_))));
    }
}
