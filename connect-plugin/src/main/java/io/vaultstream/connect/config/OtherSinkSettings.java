package io.vaultstream.connect.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keys of the familiar JDBC sinks (Confluent's, Debezium's) that this connector does not take, each
 * with why: the vault model decides tables, keys and history.
 */
public final class OtherSinkSettings {
  private OtherSinkSettings() {}

  /** One or more keys of other sinks that mean one thing, and why it does not apply here. */
  record Entry(List<String> keys, String reason) {}

  /** Every such key group, in the order the reference lists them. */
  static final List<Entry> ALL =
      List.of(
          new Entry(
              List.of("insert.mode"),
              "Rows are never updated or upserted in place: a hub or link holds one row per key, a"
                  + " satellite gets a new version when the values change, and the vault model"
                  + " says which tables an event feeds."),
          new Entry(
              List.of("pk.mode", "primary.key.mode"),
              "Keys come from the vault model: each source's `primaryKey`, the hubs' business keys"
                  + " and the hash keys computed from them, read from the change event's row by"
                  + " column name."),
          new Entry(
              List.of("pk.fields", "primary.key.fields"),
              "The model's `primaryKey` and `businessKey` lists name the key columns."),
          new Entry(
              List.of("table.name.format", "collection.name.format"),
              "The tables are the model's hubs, links, satellites and reference tables, in "
                  + "`target.schema`; the model's `topic` of each source says which topic feeds"
                  + " it."),
          new Entry(
              List.of("delete.enabled"),
              "A delete never removes a row: it is loaded as a new satellite version with the"
                  + " delete flag set, so the history stays (a satellite with"
                  + " `deleteTracking: false` ignores deletes). Tombstones carry no change and are skipped."),
          new Entry(
              List.of("schema.evolution"),
              "Tables are created by `auto.create`, and columns first seen in events added by"
                  + " `auto.evolve`, to tables that take their columns from events."));

  /** Each key of another sink given in a configuration, with its reason. */
  public static Map<String, String> given(Map<String, String> props) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Entry e : ALL) {
      for (String key : e.keys()) {
        if (props.containsKey(key)) {
          out.put(key, e.reason());
        }
      }
    }
    return out;
  }
}
