package io.vaultstream.testing;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Generated shop events cut into batches, as a loader receives them from Kafka. */
public final class Backlog {
  private static final List<String> CHILDREN_FIRST =
      List.of("order_lines", "payments", "orders", "order_status", "products", "customers");

  private Backlog() {}

  /**
   * Shop events (topic prefix {@code shop.public}, partition 0) in batches of {@code batchSize}.
   * With {@code childrenFirst}, each chunk of 2,000 is ordered as Kafka hands a backlog over, the
   * children's topics first, so many children reach the vault before their parents and wait.
   */
  public static List<List<ChangeEvent>> of(
      ChangeEventDecoder decoder, int seed, int events, int batchSize, boolean childrenFirst) {
    ShopEventGenerator gen = new ShopEventGenerator("shop.public", seed);
    Map<String, Long> offsets = new HashMap<>();
    List<ChangeEvent> all = new ArrayList<>();
    for (int done = 0; done < events; done += 2000) {
      List<ChangeRecord> chunk = new ArrayList<>(gen.next(2000));
      if (childrenFirst) {
        chunk.sort(
            Comparator.comparingInt(
                r -> CHILDREN_FIRST.indexOf(r.topic().substring(r.topic().lastIndexOf('.') + 1))));
      }
      for (ChangeRecord r : chunk) {
        long offset = offsets.merge(r.topic(), 1L, Long::sum) - 1;
        decoder.decode(r.topic(), 0, offset, 0L, r.key(), r.value()).ifPresent(all::add);
      }
    }
    List<List<ChangeEvent>> out = new ArrayList<>();
    for (int i = 0; i < all.size(); i += batchSize) {
      out.add(all.subList(i, Math.min(all.size(), i + batchSize)));
    }
    return out;
  }

  /** The vault tables and the key map of a schema, row by row, to compare two loads. */
  public static Map<String, List<String>> vault(String schema) throws Exception {
    return vault(TargetDatabase.postgres(), schema);
  }

  /** The vault tables and the key map of a schema of the given database, row by row. */
  public static Map<String, List<String>> vault(TargetDatabase db, String schema) throws Exception {
    Map<String, List<String>> dump = VaultDump.of(db, schema);
    dump.keySet().removeIf(t -> t.startsWith("vs_") && !t.equals("vs_key_map"));
    return dump;
  }
}
