package io.vaultstream.engine;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.write.Micros;
import io.vaultstream.write.SchemaManager;
import io.vaultstream.write.TextColumns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Stores and reads consumers' progress (table vs_progress). */
final class ProgressStore {
  private static final List<String> COLUMNS =
      List.of("consumer", "topic", "kafka_partition", "next_offset", "updated_at");
  private final VaultDialect dialect;
  private final SchemaManager schema;

  ProgressStore(VaultDialect dialect, SchemaManager schema) {
    this.dialect = dialect;
    this.schema = schema;
  }

  /** Writes the progress inside the caller's transaction (one statement). */
  void store(Connection c, Progress p, long nowMicros) throws SQLException {
    if (p == null || p.positions().isEmpty()) {
      return;
    }
    TextColumns data = new TextColumns(COLUMNS);
    for (Progress.Position pos : p.positions()) {
      data.add(
          List.of(
              p.consumer(),
              pos.topic(),
              Integer.toString(pos.partition()),
              Long.toString(pos.nextOffset()),
              Micros.toSql(nowMicros)));
    }
    data.execute(c, dialect.upsert(schema.schema(), schema.table(VaultTables.PROGRESS), COLUMNS));
  }

  /** The stored progress of a consumer: its next offset per topic partition. */
  List<Progress.Position> read(Connection c, String consumer) throws SQLException {
    String sql =
        "SELECT topic, kafka_partition, next_offset FROM "
            + dialect.table(schema.schema(), VaultTables.PROGRESS)
            + " WHERE consumer = ?";
    List<Progress.Position> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, consumer);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new Progress.Position(rs.getString(1), rs.getInt(2), rs.getLong(3)));
        }
      }
    }
    return out;
  }
}
