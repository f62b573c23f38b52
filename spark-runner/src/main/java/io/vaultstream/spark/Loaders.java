package io.vaultstream.spark;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.VaultModel;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** One engine (and one HikariCP pool) per JVM and target, shared by the job's queries. */
final class Loaders {
  private static final Map<String, VaultLoader> LOADERS = new ConcurrentHashMap<>();

  private Loaders() {}

  static VaultLoader get(VaultModel model, VaultOptions options) {
    String key = model.name() + "|" + options.jdbcUrl() + "|" + options.targetSchema();
    return LOADERS.computeIfAbsent(
        key,
        k -> {
          try {
            return VaultLoader.open(model, options);
          } catch (SQLException e) {
            throw new IllegalStateException(
                "Cannot open the vault " + options + ": " + e.getMessage(), e);
          }
        });
  }

  /** Closes every engine of this JVM. */
  static void closeAll() {
    LOADERS.values().forEach(VaultLoader::close);
    LOADERS.clear();
  }
}
