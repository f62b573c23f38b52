package io.vaultstream.plan;

import io.vaultstream.event.NamedValues;
import io.vaultstream.model.ForeignKey;
import io.vaultstream.model.Hub;
import io.vaultstream.model.Link;
import io.vaultstream.model.ReferenceTable;
import io.vaultstream.model.Satellite;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the model says about one source table, looked up once instead of per event: the hubs it
 * feeds, its links, satellites and reference tables, its foreign keys and the hub each carries, its
 * key columns and default attributes, whether the key map remembers its rows.
 *
 * @param needsKeyMap whether the key map must remember this source's rows: when a key column lies
 *     outside the primary key (a delete's before image holds only the primary key), or another
 *     source's foreign key reaches it
 * @param keyNames the key columns as the shared names of the maps of a row's key values (the key
 *     columns are distinct)
 * @param primaryKeyColumns the primary key's columns, as read from row images
 * @param keyReader the key columns, as read from row images
 * @param recordSource the record source of the rows its events load (made once, not per event)
 */
record SourceIndex(
    SourceTable table,
    List<Hub> hubs,
    List<Link> links,
    List<Satellite> satellites,
    List<ReferenceTable> referenceTables,
    List<ForeignKey> foreignKeys,
    Map<String, Optional<Hub>> carried,
    List<String> keyColumns,
    List<String> defaultAttributes,
    boolean needsKeyMap,
    NamedValues.Names keyNames,
    RowColumns primaryKeyColumns,
    RowColumns keyReader,
    String recordSource) {

  /** The index of every source of a model. */
  static Map<String, SourceIndex> of(VaultModel model) {
    Map<String, SourceIndex> out = new HashMap<>();
    for (SourceTable s : model.sources().values()) {
      Map<String, Optional<Hub>> carried = new HashMap<>();
      for (ForeignKey fk : s.foreignKeys().values()) {
        carried.put(fk.name(), model.hubCarriedBy(fk));
      }
      List<String> defaults = model.defaultAttributesOf(s.name());
      List<String> keyColumns = List.copyOf(model.keyColumnsOf(s.name()));
      boolean referenced =
          model.sources().values().stream()
              .flatMap(o -> o.foreignKeys().values().stream())
              .anyMatch(fk -> fk.references().equals(s.name()));
      out.put(
          s.name(),
          new SourceIndex(
              s,
              model.hubsFedBy(s.name()),
              model.linksOf(s.name()),
              model.satellitesOf(s.name()),
              model.referenceTablesOf(s.name()),
              List.copyOf(s.foreignKeys().values()),
              carried,
              keyColumns,
              defaults == null ? null : List.copyOf(defaults),
              referenced || !s.primaryKey().containsAll(keyColumns),
              Objects.requireNonNull(NamedValues.Names.shared(keyColumns)),
              new RowColumns(s.primaryKey()),
              new RowColumns(keyColumns),
              model.recordSourceOf(s.name())));
    }
    return out;
  }
}
