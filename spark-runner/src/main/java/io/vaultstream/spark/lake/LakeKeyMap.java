package io.vaultstream.spark.lake;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.keymap.KeyText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The key map of a Delta vault as the engine's planner reads it: a source's stored mappings for a
 * batch's primary keys, read from the table as the micro-batch pinned it ({@link LakeBatch#read}),
 * one query per source. The key map is clustered on (source table, primary key), so the query reads
 * only the files whose key range holds one of the batch's keys.
 */
public final class LakeKeyMap implements KeyMapReader {
  private final SparkSession spark;
  private final String table;

  /** Reads {@code vs_key_map} as {@code batch} pinned it. */
  public LakeKeyMap(SparkSession spark, LakeBatch batch) {
    this(spark, batch.read(VaultTables.KEY_MAP));
  }

  LakeKeyMap(SparkSession spark, String table) {
    this.spark = spark;
    this.table = table;
  }

  @Override
  public Map<String, TreeMap<Long, Map<String, String>>> read(String source, Set<String> pks) {
    Map<String, TreeMap<Long, Map<String, String>>> out = new HashMap<>();
    if (pks.isEmpty()) {
      return out;
    }
    List<String> keys = new ArrayList<>(pks.size());
    for (String pk : pks) {
      keys.add(LakeTables.literal(pk));
    }
    List<Row> rows =
        spark
            .sql(
                "SELECT pk, unix_micros(valid_from), key_values FROM "
                    + table
                    + " WHERE source_table = "
                    + LakeTables.literal(source)
                    + " AND pk IN ("
                    + String.join(", ", keys)
                    + ")")
            .collectAsList();
    for (Row r : rows) {
      out.computeIfAbsent(r.getString(0), k -> new TreeMap<>())
          .put(r.getLong(1), KeyText.parseValues(r.getString(2)));
    }
    return out;
  }
}
