package io.vaultstream.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Grows a schema's tables without analyzing them, and runs a logged statement again under {@code
 * EXPLAIN ANALYZE} to tell how many rows of each grown table its plan read.
 */
public final class PlanProbe {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SOURCES = "(ARRAY['customers','products','orders','order_lines'])";

  private PlanProbe() {}

  /** A scan of a grown table in a plan: which table, how, and how many rows it read. */
  public record Scan(String table, String nodeType, boolean indexCond, long rowsRead) {
    @Override
    public String toString() {
      return nodeType
          + " on "
          + table
          + (indexCond ? "" : " (no index condition)")
          + ": "
          + rowsRead
          + " rows read";
    }
  }

  /**
   * Adds {@code rows} rows to every table of the schema (four times as many to the key map, spread
   * over four sources), with values of each column's type; no statistics are gathered.
   */
  public static void grow(Connection c, String schema, List<String> tables, int rows)
      throws SQLException {
    for (String table : tables) {
      List<String> names = new ArrayList<>();
      List<String> exprs = new ArrayList<>();
      try (PreparedStatement ps =
          c.prepareStatement(
              "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = ?"
                  + " AND table_name = ? AND column_default IS NULL ORDER BY ordinal_position")) {
        ps.setString(1, schema);
        ps.setString(2, table);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            names.add('"' + rs.getString(1) + '"');
            exprs.add(value(table, rs.getString(1), rs.getString(2)));
          }
        }
      }
      int n = table.equals("vs_key_map") ? rows * 4 : rows;
      try (Statement st = c.createStatement()) {
        st.execute(
            "INSERT INTO \""
                + schema
                + "\".\""
                + table
                + "\" ("
                + String.join(", ", names)
                + ") SELECT "
                + String.join(", ", exprs)
                + " FROM generate_series(1, "
                + n
                + ") i");
      }
    }
  }

  /** A value for row {@code i}: unique where it may be a key, inert for the engine's own rows. */
  private static String value(String table, String column, String type) {
    String ts = "timestamptz '2020-01-01 00:00:00+00' + i * interval '1 second'";
    switch (column) {
      case "source_table", "ref_source":
        return SOURCES + "[1 + i % 4]";
      case "pk", "ref_pk":
        return "'[\"g' || i || '\"]'";
      case "state":
        return "'UNKNOWN'"; // loaded against the unknown ghost: no watermark applies
      case "error_code":
        return "'BAD_RECORD'";
      case "event", "record_key", "record_value", "expires_at":
        return "NULL"; // rows without a stored event are never retried
      case "topic":
        return "'grown'";
      default:
        break;
    }
    return switch (type) {
      case "timestamp with time zone", "timestamp without time zone" -> ts;
      case "boolean" -> "false";
      case "integer", "bigint", "smallint", "numeric" -> "i";
      case "bytea" -> "decode(md5(i::text), 'hex')";
      default -> "upper(md5(i::text || '" + table + "." + column + "'))";
    };
  }

  /** The statement with {@code $1, $2, ...} for its {@code ?} placeholders. */
  public static String numbered(String sql) {
    StringBuilder sb = new StringBuilder();
    int n = 0;
    for (char ch : sql.toCharArray()) {
      if (ch == '?') {
        sb.append('$').append(++n);
      } else {
        sb.append(ch);
      }
    }
    return sb.toString();
  }

  /** The parameters as SQL literals, for {@code EXECUTE name(...)}. */
  public static String literals(List<Object> params) {
    List<String> out = new ArrayList<>();
    for (Object p : params) {
      out.add(literal(p));
    }
    return String.join(", ", out);
  }

  private static String literal(Object p) {
    if (p == null) {
      return "NULL";
    }
    if (p instanceof Number || p instanceof Boolean) {
      return p.toString();
    }
    if (p instanceof Object[] arr) {
      StringBuilder sb = new StringBuilder("{");
      for (int i = 0; i < arr.length; i++) {
        if (i > 0) {
          sb.append(',');
        }
        sb.append(
            arr[i] == null
                ? "NULL"
                : '"' + arr[i].toString().replace("\\", "\\\\").replace("\"", "\\\"") + '"');
      }
      return quote(sb.append('}').toString());
    }
    return quote(p.toString());
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  /**
   * Runs a prepared statement again under EXPLAIN ANALYZE in a transaction that is rolled back, and
   * returns the scans of the given tables in its plan.
   */
  public static List<Scan> scans(
      Connection c, String prepared, List<Object> params, String schema, Set<String> tables)
      throws SQLException {
    List<Scan> out = new ArrayList<>();
    boolean auto = c.getAutoCommit();
    c.setAutoCommit(false);
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE "
                    + prepared
                    + (params.isEmpty() ? "" : "(" + literals(params) + ")"))) {
      rs.next();
      collect(JSON.readTree(rs.getString(1)).get(0).get("Plan"), schema, tables, out);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    } finally {
      c.rollback();
      c.setAutoCommit(auto);
    }
    return out;
  }

  private static void collect(JsonNode node, String schema, Set<String> tables, List<Scan> out) {
    String rel = node.path("Relation Name").asText(null);
    // (the schema is named only by VERBOSE; the statements name no other schema's tables)
    if (rel != null && tables.contains(rel) && node.path("Node Type").asText().endsWith("Scan")) {
      long read =
          node.path("Actual Rows").asLong()
              + node.path("Rows Removed by Filter").asLong()
              + node.path("Rows Removed by Index Recheck").asLong();
      String type = node.path("Node Type").asText();
      boolean cond = node.has("Index Cond") || node.has("Recheck Cond") || node.has("TID Cond");
      out.add(new Scan(rel, type, cond, read * Math.max(1, node.path("Actual Loops").asLong())));
    }
    for (JsonNode child : node.path("Plans")) {
      collect(child, schema, tables, out);
    }
  }
}
