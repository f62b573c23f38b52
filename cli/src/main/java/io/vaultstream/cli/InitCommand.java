package io.vaultstream.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.TypeGrammar;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code vaultstream init}: a starter model from a source database's metadata. */
@Command(
    name = "init",
    mixinStandardHelpOptions = true,
    description = {
      "Reads a source PostgreSQL schema's tables, primary keys, unique constraints and foreign keys and",
      "writes a starter vault model: hubs (unique constraints as business keys), links from foreign keys,",
      "satellites from the other columns, many-to-many links for associative tables. Choices to review",
      "are reported on standard error."
    })
final class InitCommand implements Callable<Integer> {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  @Spec CommandSpec spec;
  @Mixin ErrorsCommand.Target target = new ErrorsCommand.Target();

  @Option(
      names = "--tables",
      split = ",",
      description = "Only these tables (default: every table of the schema).")
  List<String> tables;

  @Option(
      names = "--name",
      defaultValue = "model",
      description = "The model's name (default: ${DEFAULT-VALUE}).")
  String name;

  @Option(
      names = "--topic-prefix",
      description =
          "Debezium topic prefix; topics are <prefix>.<schema>.<table> (default: the database name).")
  String topicPrefix;

  @Option(
      names = "--output",
      description = "Write the model to this file instead of standard output.")
  Path output;

  /** What the source schema says about one table. */
  private record Table(
      String name,
      Map<String, String> columns,
      List<String> pk,
      List<List<String>> uniques,
      Map<String, Fk> fks) {}

  private record Fk(
      String name, List<String> columns, String references, List<String> referencedColumns) {}

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    Map<String, Table> source;
    String schema;
    String db;
    try (Connection c = target.connect()) {
      schema = target.schema(c);
      db = c.getCatalog();
      source = read(c, schema);
    }
    if (tables != null) {
      source.keySet().retainAll(tables);
    }
    if (source.isEmpty()) {
      err.printf(
          "vaultstream: no tables in schema %s%s%n",
          schema, tables == null ? "" : " named " + tables);
      return VaultStreamCli.USAGE;
    }
    List<String> report = new ArrayList<>();
    ObjectNode model =
        build(source, (topicPrefix == null ? db : topicPrefix) + "." + schema, report);
    String json =
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(model);
    ModelLoader.parse(json, "the generated model"); // it must be valid
    if (output != null) {
      Files.writeString(output, json + "\n");
      err.printf(
          "Wrote %s: %d sources, %d hubs, %d links, %d satellites%n",
          output,
          model.get("sources").size(),
          model.get("hubs").size(),
          model.get("links").size(),
          model.get("satellites").size());
    } else {
      spec.commandLine().getOut().println(json);
    }
    err.println("Review:");
    report.forEach(r -> err.println("  - " + r));
    return 0;
  }

  private Map<String, Table> read(Connection c, String schema) throws SQLException {
    Map<String, Table> out = new LinkedHashMap<>();
    String cols =
        "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a"
            + " JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " WHERE n.nspname = ? AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped"
            + " ORDER BY c.relname, a.attnum";
    for (String[] r : query(c, cols, schema)) {
      out.computeIfAbsent(
              r[0],
              t ->
                  new Table(
                      t,
                      new LinkedHashMap<>(),
                      new ArrayList<>(),
                      new ArrayList<>(),
                      new LinkedHashMap<>()))
          .columns()
          .put(r[1], r[2]);
    }
    String cons =
        "SELECT c.relname, k.conname, k.contype, (SELECT string_agg(a.attname, ',' ORDER BY u.ord) FROM unnest(k.conkey)"
            + " WITH ORDINALITY u(attnum, ord) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum),"
            + " f.relname, (SELECT string_agg(a.attname, ',' ORDER BY u.ord) FROM unnest(k.confkey) WITH ORDINALITY"
            + " u(attnum, ord) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.attnum)"
            + " FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " LEFT JOIN pg_class f ON f.oid = k.confrelid WHERE n.nspname = ? AND k.contype IN ('p', 'u', 'f')"
            + " ORDER BY c.relname, k.contype, k.conname";
    for (String[] r : query(c, cons, schema)) {
      Table t = out.get(r[0]);
      if (t == null) {
        continue;
      }
      List<String> colsOf = List.of(r[3].split(","));
      switch (r[2]) {
        case "p" -> t.pk().addAll(colsOf);
        case "u" -> t.uniques().add(colsOf);
        default ->
            t.fks()
                .put(
                    fkName(r[4], colsOf),
                    new Fk(fkName(r[4], colsOf), colsOf, r[4], List.of(r[5].split(","))));
      }
    }
    out.values().removeIf(t -> t.pk().isEmpty());
    return out;
  }

  private static String fkName(String references, List<String> cols) {
    String c = cols.get(0);
    return c.endsWith("_id") ? c.substring(0, c.length() - 3) : references;
  }

  private static List<String[]> query(Connection c, String sql, String param) throws SQLException {
    List<String[]> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, param);
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          String[] row = new String[n];
          for (int i = 0; i < n; i++) {
            row[i] = rs.getString(i + 1);
          }
          out.add(row);
        }
      }
    }
    return out;
  }

  private ObjectNode build(Map<String, Table> source, String prefix, List<String> report) {
    ObjectNode m = F.objectNode();
    m.put("name", name);
    m.put("recordSource", name.toUpperCase(java.util.Locale.ROOT));
    m.put("topicPrefix", prefix);
    ObjectNode sources = m.putObject("sources");
    ObjectNode hubs = m.putObject("hubs");
    ObjectNode links = m.putObject("links");
    ObjectNode sats = m.putObject("satellites");
    Map<String, String> hubOf = new LinkedHashMap<>();
    Map<String, List<String>> bkOf = new LinkedHashMap<>();
    // Hubs first: tables with a natural key, and tables that are not associative.
    for (Table t : source.values()) {
      List<String> bk = t.uniques().isEmpty() ? null : t.uniques().get(0);
      boolean associative = bk == null && t.fks().size() >= 2;
      if (associative) {
        continue;
      }
      if (bk == null) {
        bk = t.pk();
        report.add(
            "hub_"
                + t.name()
                + ": no unique constraint on "
                + t.name()
                + ", so its primary key "
                + t.pk()
                + " is the business key; replace it by a natural key if the table has one");
      } else if (t.uniques().size() > 1) {
        report.add(
            "hub_"
                + t.name()
                + ": business key "
                + bk
                + " chosen among the unique constraints "
                + t.uniques());
      }
      hubOf.put(t.name(), "hub_" + t.name());
      bkOf.put(t.name(), bk);
      ObjectNode h = hubs.putObject("hub_" + t.name());
      h.put("hashKey", t.name() + "_hk");
      ArrayNode b = h.putArray("businessKey");
      bk.forEach(b::add);
      ArrayNode s = h.putObject("sources").putArray(t.name());
      bk.forEach(s::add);
    }
    for (Table t : source.values()) {
      ObjectNode s = sources.putObject(t.name());
      ArrayNode pk = s.putArray("primaryKey");
      t.pk().forEach(pk::add);
      ObjectNode cols = s.putObject("columns");
      t.columns().forEach((c, type) -> cols.put(c, declarable(t.name(), c, type, report)));
      Set<String> keyCols = new LinkedHashSet<>(t.pk());
      List<Fk> reachable = new ArrayList<>();
      if (!t.fks().isEmpty()) {
        ObjectNode fks = s.putObject("foreignKeys");
        for (Fk fk : t.fks().values()) {
          if (!source.containsKey(fk.references())) {
            report.add(
                t.name()
                    + "."
                    + fk.columns()
                    + " references "
                    + fk.references()
                    + ", which is not among the tables read; left out");
            continue;
          }
          ObjectNode f = fks.putObject(fk.name());
          ArrayNode c = f.putArray("columns");
          fk.columns().forEach(c::add);
          f.put("references", fk.references());
          if (!fk.referencedColumns().equals(source.get(fk.references()).pk())) {
            ArrayNode rc = f.putArray("referencedColumns");
            fk.referencedColumns().forEach(rc::add);
          }
          keyCols.addAll(fk.columns());
          if (hubOf.containsKey(fk.references())) {
            reachable.add(fk);
          } else {
            report.add(
                fk.references()
                    + " has no hub, so the foreign key "
                    + t.name()
                    + "."
                    + fk.name()
                    + " makes no link");
          }
        }
      }
      String own = hubOf.get(t.name());
      if (own != null) {
        keyCols.addAll(bkOf.get(t.name()));
        for (Fk fk : reachable) {
          String ln = "lnk_" + t.name() + "_" + fk.name();
          ObjectNode l = links.putObject(ln);
          l.put("hashKey", t.name() + "_" + fk.name() + "_hk");
          l.put("source", t.name());
          ArrayNode ends = l.putArray("hubs");
          ends.addObject().put("hub", own);
          ObjectNode other =
              ends.addObject().put("hub", hubOf.get(fk.references())).put("via", fk.name());
          if (hubOf.get(fk.references()).equals(own)) {
            other.put("column", fk.name() + "_hk");
            ((ObjectNode) ends.get(0)).put("column", t.name() + "_hk");
          }
        }
        satellite(sats, "sat_" + t.name(), own, t, keyCols);
      } else if (!reachable.isEmpty()) {
        String ln = "lnk_" + t.name();
        ObjectNode l = links.putObject(ln);
        l.put("hashKey", t.name() + "_hk");
        l.put("source", t.name());
        ArrayNode ends = l.putArray("hubs");
        Set<String> used = new LinkedHashSet<>();
        for (Fk fk : reachable) {
          ObjectNode e =
              ends.addObject().put("hub", hubOf.get(fk.references())).put("via", fk.name());
          if (!used.add(hubOf.get(fk.references()))) {
            e.put("column", fk.name() + "_hk");
          }
        }
        List<String> dck =
            t.pk().stream()
                .filter(c -> reachable.stream().noneMatch(f -> f.columns().contains(c)))
                .toList();
        if (!dck.isEmpty()) {
          ArrayNode d = l.putArray("dependentChildKey");
          dck.forEach(d::add);
        }
        report.add(
            ln
                + ": "
                + t.name()
                + " has no natural key of its own and "
                + reachable.size()
                + " foreign keys: a many-to-many link"
                + (dck.isEmpty() ? "" : " with dependent child key " + dck));
        satellite(sats, "lsat_" + t.name(), ln, t, keyCols);
      }
    }
    return m;
  }

  /**
   * The source column's type when a model may declare it, else text: a model accepts only a strict
   * grammar of types (they are pasted into DDL), and PostgreSQL has many more (interval, arrays,
   * enums).
   */
  private static String declarable(String table, String column, String type, List<String> report) {
    if (TypeGrammar.isValid(type)) {
      return type;
    }
    report.add(
        table
            + "."
            + column
            + " is of type "
            + type
            + ", which a model cannot declare; declared as text (its values are stored as text)");
    return "text";
  }

  private static void satellite(
      ObjectNode sats, String name, String parent, Table t, Set<String> keyCols) {
    List<String> attrs = t.columns().keySet().stream().filter(c -> !keyCols.contains(c)).toList();
    if (attrs.isEmpty()) {
      return;
    }
    ObjectNode s = sats.putObject(name);
    s.put("parent", parent);
    s.put("source", t.name());
    ArrayNode a = s.putArray("columns");
    attrs.forEach(a::add);
  }
}
