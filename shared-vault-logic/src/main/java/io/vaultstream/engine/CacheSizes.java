package io.vaultstream.engine;

/**
 * The database's page cache against the part of a vault that batches reach at random, in bytes, as
 * {@code vaultstream status} reads them: hash keys land anywhere in their index, so every batch
 * touches every part of the vault's indexes (and of the key map, whose rows children read back by
 * their parents' keys). Once that part is larger than the cache, batches read pages from outside it
 * and take longer as the vault grows.
 *
 * @param cacheBytes the cache (PostgreSQL: {@code shared_buffers}; MariaDB: {@code
 *     innodb_buffer_pool_size})
 * @param randomlyReachedBytes the part of the vault each batch reaches at random
 */
public record CacheSizes(long cacheBytes, long randomlyReachedBytes) {

  /** Whether the vault has outgrown the cache. */
  public boolean outgrown() {
    return randomlyReachedBytes > cacheBytes;
  }
}
