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
 * one query per source for the keys not read before in the batch. The key map is clustered on
 * (source table, primary key), so the query reads only the files whose key range holds one of the
 * batch's keys.
 */
public final class LakeKeyMap implements KeyMapReader {
  private final SparkSession spark;
  private final String table;

  /** A key the table does not hold. */
  private static final TreeMap<Long, Map<String, String>> EMPTY = new TreeMap<>();

  /** The mappings read so far, per source and primary key (none: an empty timeline). */
  private final Map<String, Map<String, TreeMap<Long, Map<String, String>>>> read = new HashMap<>();

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
    // The table as pinned does not change within the batch: a key read once is not read again.
    Map<String, TreeMap<Long, Map<String, String>>> known =
        read.computeIfAbsent(source, s -> new HashMap<>());
    List<String> keys = new ArrayList<>();
    for (String pk : pks) {
      if (!known.containsKey(pk)) {
        keys.add(LakeTables.literal(pk));
      }
    }
    if (!keys.isEmpty()) {
      Map<String, TreeMap<Long, Map<String, String>>> found = new HashMap<>();
      for (Row r :
          spark
              .sql(
                  "SELECT pk, unix_micros(valid_from), key_values FROM "
                      + table
                      + " WHERE source_table = "
                      + LakeTables.literal(source)
                      + " AND pk IN ("
                      + String.join(", ", keys)
                      + ")")
              .collectAsList()) {
        found
            .computeIfAbsent(r.getString(0), k -> new TreeMap<>())
            .put(r.getLong(1), KeyText.parseValues(r.getString(2)));
      }
      for (String pk : pks) {
        known.computeIfAbsent(pk, k -> found.getOrDefault(k, EMPTY));
      }
    }
    Map<String, TreeMap<Long, Map<String, String>>> out = new HashMap<>();
    for (String pk : pks) {
      TreeMap<Long, Map<String, String>> timeline = known.get(pk);
      if (!timeline.isEmpty()) {
        out.put(pk, new TreeMap<>(timeline)); // a copy: the caller may change what it is given
      }
    }
    return out;
  }
}
