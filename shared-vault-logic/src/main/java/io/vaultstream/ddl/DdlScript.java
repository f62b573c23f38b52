package io.vaultstream.ddl;

import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.Naming;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The statements that create every vault table and write its ghost records: printed by {@code
 * vaultstream ddl} and run when tables are created automatically. Every statement is idempotent.
 */
public final class DdlScript {
  /** load_dts of ghost records, 1900-01-01 00:00:00 UTC, as epoch microseconds. */
  public static final long GHOST_LOAD_DTS_MICROS = -2_208_988_800_000_000L;

  /** record_source of ghost records. */
  public static final String GHOST_RECORD_SOURCE = "SYSTEM";

  /** A secondary index of the loader's own tables. */
  public record Index(String table, String name, List<String> columns) {}

  /**
   * The secondary indexes of the loader's tables: waiting and error rows found by the row they wait
   * for; the sweep moves waiting rows past the watermark and releases error rows past their
   * retention, found by time through these, not by reading every row.
   */
  public static final List<Index> INDEXES =
      List.of(
          new Index(VaultTables.WAITING, "vs_waiting_ref", List.of("ref_source", "ref_pk")),
          new Index(VaultTables.ERRORS, "vs_errors_ref", List.of("ref_source", "ref_pk")),
          new Index(VaultTables.WAITING, "vs_waiting_due", List.of("state", "arrived_at")),
          new Index(VaultTables.ERRORS, "vs_errors_due", List.of("error_code", "expires_at")));

  /** Columns of {@code vs_progress} added after its first version (the positions' anchors). */
  public static final List<String> ADDED_COLUMNS =
      List.of(VaultTables.PROGRESS_ANCHOR_OFFSET, VaultTables.PROGRESS_ANCHOR_TIMESTAMP);

  private DdlScript() {}

  /**
   * A line comment of the script ({@code -- text}) that stays one comment whatever the text holds:
   * a model's name or any other text of the model may carry a line break, which would start a
   * statement of its own in a script piped into {@code psql} or {@code mariadb}. Line breaks and
   * other control characters become spaces, and {@code /*} and {@code *}{@code /} lose their
   * meaning, so the text can neither end the comment nor open a block comment.
   */
  public static String comment(String text) {
    StringBuilder b = new StringBuilder("-- ");
    String s = text == null ? "" : text;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      // Unicode's own line and paragraph separators end a line for some clients too.
      boolean lineBreak = Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
      b.append(lineBreak ? ' ' : c);
    }
    return b.toString().replace("/*", "/ *").replace("*/", "* /");
  }

  /** Creates the schema (when given), the tables, then the ghost records. */
  public static List<String> statements(
      VaultModel model, VaultDialect dialect, HashKeyCalculator hasher, String schema) {
    return statements(model, dialect, hasher, schema, true);
  }

  /**
   * Creates the schema (when given and {@code createSchema}), the tables, then the ghost records. A
   * loader leaves out the schema it finds: creating one, even "if not exists", needs a privilege on
   * the database that a user who owns the schema may lack.
   */
  public static List<String> statements(
      VaultModel model,
      VaultDialect dialect,
      HashKeyCalculator hasher,
      String schema,
      boolean createSchema) {
    List<String> out = new ArrayList<>();
    if (createSchema && schema != null && !schema.isEmpty()) {
      out.add(dialect.createSchema(schema));
    }
    VaultTables tables = new VaultTables(model, dialect, hasher);
    for (TableSpec t : tables.all().values()) {
      out.add(dialect.createTable(schema, t));
    }
    out.addAll(dialect.createSupportTables(schema));
    // Columns the loader's own tables gained after their first version, for vaults created before.
    TableSpec progress = tables.all().get(VaultTables.PROGRESS);
    for (String c : ADDED_COLUMNS) {
      out.add(dialect.addColumn(schema, VaultTables.PROGRESS, progress.column(c)));
    }
    for (Index i : INDEXES) {
      out.add(dialect.createIndex(schema, i.table(), i.name(), i.columns()));
    }
    for (TableSpec t : tables.all().values()) {
      out.addAll(ghosts(model.naming(), dialect, tables.hashType(), hasher, schema, t));
    }
    return out;
  }

  /**
   * The null and unknown ghost records of a hub, link or satellite (none for other tables and for a
   * multi-active satellite), as statements of the dialect.
   */
  public static List<String> ghosts(
      Naming n,
      VaultDialect dialect,
      String hashType,
      HashKeyCalculator hasher,
      String schema,
      TableSpec t) {
    List<String> out = new ArrayList<>();
    for (GhostRow g : ghostRows(n, hashType, hasher, t)) {
      List<String> vals = new ArrayList<>();
      for (int i = 0; i < g.columns().size(); i++) {
        Object v = g.values().get(i);
        String text =
            v instanceof Long micros
                ? dialect.timestampText(micros)
                : v instanceof Boolean b ? dialect.booleanText(b) : (String) v;
        vals.add(dialect.literal(text, t.column(g.columns().get(i)).type()));
      }
      out.add(dialect.insertLiteralIgnore(schema, t, g.columns(), vals));
    }
    return out;
  }

  /**
   * One ghost record: its columns and their values, a timestamp as epoch microseconds ({@code
   * Long}), a flag as {@code Boolean}, anything else as text; the columns not named are null.
   */
  public record GhostRow(List<String> columns, List<Object> values) {}

  /**
   * The null and unknown ghost records of a hub, link or satellite, for any target: none for other
   * tables and for a multi-active satellite (key: parent, load_dts and the multi-active key).
   */
  public static List<GhostRow> ghostRows(
      Naming n, String hashType, HashKeyCalculator hasher, TableSpec t) {
    if (t.kind() == TableKind.REFERENCE
        || t.kind() == TableKind.TECHNICAL
        || (t.kind() == TableKind.SATELLITE && t.primaryKey().size() > 2)) {
      return List.of();
    }
    List<GhostRow> out = new ArrayList<>();
    for (String key : List.of(hasher.nullKey(), hasher.unknownKey())) {
      List<String> cols = new ArrayList<>();
      List<Object> vals = new ArrayList<>();
      for (ColumnSpec c : t.columns()) {
        Object v;
        if (c.name().equals(n.loadDts()) || c.name().equals(n.loadedAt())) {
          v = GHOST_LOAD_DTS_MICROS;
        } else if (c.name().equals(n.recordSource())) {
          v = GHOST_RECORD_SOURCE;
        } else if (c.name().equals(n.deleteFlag())) {
          v = Boolean.FALSE;
        } else if (c.type().equals(hashType) && c.notNull()) {
          v = key;
        } else {
          continue;
        }
        cols.add(c.name());
        vals.add(v);
      }
      out.add(new GhostRow(List.copyOf(cols), List.copyOf(vals)));
    }
    return out;
  }
}
