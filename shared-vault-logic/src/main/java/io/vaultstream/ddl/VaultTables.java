package io.vaultstream.ddl;

import io.vaultstream.dialect.ColumnTypes;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.ChangePolicy;
import io.vaultstream.model.EffectivitySatellite;
import io.vaultstream.model.Hub;
import io.vaultstream.model.Link;
import io.vaultstream.model.LinkEnd;
import io.vaultstream.model.Naming;
import io.vaultstream.model.ReferenceTable;
import io.vaultstream.model.Satellite;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Derives the shape of every vault table (and the engine's own tables) from a model. */
public final class VaultTables {
  /** The key map: source primary key to the key columns' values, from an event time on. */
  public static final String KEY_MAP = "vs_key_map";

  /**
   * Events that repeated the satellite or reference version before them: not kept as versions, but
   * remembered by time, because an earlier event arriving later can make them changes.
   */
  public static final String REPEATS = "vs_repeats";

  /** Events whose rows wait for a parent that is not known yet. */
  public static final String WAITING = "vs_waiting";

  /** The error table. */
  public static final String ERRORS = "vs_errors";

  /**
   * Updates and deletes of non-historized links' sources set aside by {@code onChange: "ignore"},
   * one row per event and link (only in vaults whose model has such a link).
   */
  public static final String IGNORED_CHANGES = "vs_ignored_changes";

  /** How far each consumer has loaded (Connect offsets, Spark batch ids). */
  public static final String PROGRESS = "vs_progress";

  /**
   * The loaders writing the key map, one row each: a random mark that changes with every batch the
   * loader commits with new mappings, so a loader that keeps mappings in memory sees when another
   * one wrote, or when the database went back to before its own last write.
   */
  public static final String WRITERS = "vs_writers";

  /** The offset of the anchor record of a stored position (see {@code Progress.Anchor}). */
  public static final String PROGRESS_ANCHOR_OFFSET = "anchor_offset";

  /** The Kafka timestamp (ms) of the anchor record of a stored position. */
  public static final String PROGRESS_ANCHOR_TIMESTAMP = "anchor_ts";

  /** Columns the waiting rows and the error rows share. */
  public static final List<String> EVENT_COLUMNS =
      List.of(
          "topic",
          "kafka_partition",
          "kafka_offset",
          "source_table",
          "target_object",
          "message",
          "ref_source",
          "ref_pk",
          "links_only",
          "operation",
          "event_time",
          "record_key",
          "record_value",
          "event",
          "attempts",
          "last_attempt");

  private final VaultModel model;
  private final ColumnTypes dialect;
  private final String hashType;
  private final Naming n;

  public VaultTables(VaultModel model, ColumnTypes dialect, HashKeyCalculator hasher) {
    this.model = model;
    this.dialect = dialect;
    this.hashType = dialect.hashType(hasher.hexLength(), model.hashing().binary());
    this.n = model.naming();
  }

  /** The SQL type of hash key and hash diff columns. */
  public String hashType() {
    return hashType;
  }

  /**
   * Every table in load order: hubs, links, non-historized links, satellites, references, key map.
   */
  public Map<String, TableSpec> all() {
    Map<String, TableSpec> out = new LinkedHashMap<>();
    model.hubs().values().forEach(h -> out.put(h.name(), hub(h)));
    model.links().values().stream()
        .filter(l -> !l.nonHistorized())
        .forEach(l -> out.put(l.name(), link(l)));
    model.links().values().stream()
        .filter(Link::nonHistorized)
        .forEach(l -> out.put(l.name(), link(l)));
    model.satellites().values().forEach(s -> out.put(s.name(), satellite(s)));
    model
        .effectivitySatellites()
        .values()
        .forEach(e -> out.put(e.name(), tracking(e.name(), model.links().get(e.link()).hashKey())));
    model
        .statusSatellites()
        .values()
        .forEach(
            s -> out.put(s.name(), tracking(s.name(), model.hubs().get(s.parent()).hashKey())));
    model.referenceTables().values().forEach(r -> out.put(r.name(), reference(r)));
    LoaderTables own = new LoaderTables(dialect);
    out.put(KEY_MAP, own.keyMap());
    // Every table whose history is merged remembers repeats: status and effectivity satellites too.
    if (!model.satellites().isEmpty()
        || !model.referenceTables().isEmpty()
        || !model.effectivitySatellites().isEmpty()
        || !model.statusSatellites().isEmpty()) {
      out.put(REPEATS, own.repeats());
    }
    out.put(WAITING, own.waiting());
    out.put(ERRORS, own.errors());
    out.put(PROGRESS, own.progress());
    if (dialect.keepsWriterMarks()) {
      out.put(WRITERS, own.writers());
    }
    if (model.links().values().stream()
        .anyMatch(l -> l.nonHistorized() && l.onChange() == ChangePolicy.IGNORE)) {
      out.put(IGNORED_CHANGES, own.ignoredChanges());
    }
    return out;
  }

  private String typeOf(String source, String column) {
    SourceTable s = model.sources().get(source);
    String t = s == null ? null : s.declaredType(column);
    // Checked here too, so a model that bypassed validation fails before any table is built.
    return t != null ? dialect.checkedType(t) : dialect.textType();
  }

  private ColumnSpec col(String name, String type, boolean notNull) {
    return new ColumnSpec(name, type, notNull);
  }

  private void technical(List<ColumnSpec> cols) {
    cols.add(col(n.loadDts(), dialect.timestampType(), true));
    cols.add(col(n.recordSource(), dialect.textType(), true));
  }

  TableSpec hub(Hub h) {
    List<ColumnSpec> cols = new ArrayList<>();
    cols.add(col(h.hashKey(), hashType, true));
    String firstSource = h.sources().keySet().iterator().next();
    List<String> srcCols = h.sources().get(firstSource);
    for (int i = 0; i < h.businessKey().size(); i++) {
      cols.add(col(h.businessKey().get(i), typeOf(firstSource, srcCols.get(i)), false));
    }
    technical(cols);
    cols.add(col(n.loadedAt(), dialect.timestampType(), true));
    return new TableSpec(h.name(), TableKind.HUB, cols, List.of(h.hashKey()), false);
  }

  TableSpec link(Link l) {
    List<ColumnSpec> cols = new ArrayList<>();
    cols.add(col(l.hashKey(), hashType, true));
    for (LinkEnd e : l.hubs()) {
      cols.add(col(e.column(), hashType, true));
    }
    for (String c : l.dependentChildKey()) {
      cols.add(col(c, typeOf(l.source(), c), false));
    }
    technical(cols);
    List<String> attrs =
        l.nonHistorized()
            ? attributes(l.source(), l.columns().isEmpty() ? null : l.columns())
            : List.of();
    for (String c : attrs == null ? List.<String>of() : attrs) {
      cols.add(col(c, typeOf(l.source(), c), false));
    }
    cols.add(col(n.loadedAt(), dialect.timestampType(), true));
    return new TableSpec(
        l.name(),
        l.nonHistorized() ? TableKind.NON_HISTORIZED_LINK : TableKind.LINK,
        cols,
        List.of(l.hashKey()),
        l.nonHistorized() && attrs == null);
  }

  TableSpec satellite(Satellite s) {
    List<ColumnSpec> cols = new ArrayList<>();
    cols.add(col(model.parentHashKey(s), hashType, true));
    for (String c : s.multiActiveKey()) {
      cols.add(col(c, typeOf(s.source(), c), true));
    }
    historyColumns(cols);
    List<String> attrs = attributes(s.source(), s.columns());
    for (String c : attrs == null ? List.<String>of() : attrs) {
      cols.add(col(c, typeOf(s.source(), c), false));
    }
    for (String c : s.audit().values()) {
      cols.add(col(c, dialect.textType(), false));
    }
    cols.add(col(n.loadedAt(), dialect.timestampType(), true));
    // A multi-active satellite's key leads with (parent, load_dts): one index finds a parent's
    // sets.
    List<String> pk = new ArrayList<>(List.of(model.parentHashKey(s), n.loadDts()));
    pk.addAll(s.multiActiveKey());
    return new TableSpec(s.name(), TableKind.SATELLITE, cols, pk, attrs == null);
  }

  /**
   * An effectivity or status satellite: a satellite whose one attribute, {@code is_active}, says
   * whether the relationship or key is in force from its load time on.
   */
  TableSpec tracking(String name, String parentKey) {
    List<ColumnSpec> cols = new ArrayList<>();
    cols.add(col(parentKey, hashType, true));
    historyColumns(cols);
    cols.add(col(EffectivitySatellite.IS_ACTIVE, dialect.booleanType(), false));
    cols.add(col(n.loadedAt(), dialect.timestampType(), true));
    return new TableSpec(name, TableKind.SATELLITE, cols, List.of(parentKey, n.loadDts()), false);
  }

  TableSpec reference(ReferenceTable r) {
    List<ColumnSpec> cols = new ArrayList<>();
    for (String c : r.code()) {
      cols.add(col(c, typeOf(r.source(), c), true));
    }
    historyColumns(cols);
    List<String> attrs = attributes(r.source(), r.columns());
    for (String c : attrs == null ? List.<String>of() : attrs) {
      cols.add(col(c, typeOf(r.source(), c), false));
    }
    cols.add(col(n.loadedAt(), dialect.timestampType(), true));
    List<String> pk = new ArrayList<>(r.code());
    pk.add(n.loadDts());
    return new TableSpec(r.name(), TableKind.REFERENCE, cols, pk, attrs == null);
  }

  private void historyColumns(List<ColumnSpec> cols) {
    technical(cols);
    cols.add(col(n.hashDiff(), hashType, true));
    cols.add(col(n.deleteFlag(), dialect.booleanType(), true));
  }

  /** Declared attributes, else the source's declared non-key columns, else null (from events). */
  private List<String> attributes(String source, List<String> declared) {
    return declared != null ? declared : model.defaultAttributesOf(source);
  }
}
