package io.vaultstream.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.model.ModelLoader;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code vaultstream init}: a starter model from a source database's metadata. */
@Command(
    name = "init",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a starter vault model from a source database's catalog (a PostgreSQL schema, or a"
          + " MariaDB or MySQL database).",
      "It reads the tables, primary keys, unique constraints and foreign keys: tables with a"
          + " natural key become hubs (a unique constraint is the business key, else the primary"
          + " key), foreign keys links, the other columns satellites; associative tables become"
          + " many-to-many links, code tables (a text primary key, few columns, referenced by"
          + " others) reference tables, and transaction tables (foreign keys to two or more hubs,"
          + " referenced by none, with an event time) non-historized links. Vault names are"
          + " singular (customers gives hub_customer).",
      "The model goes to standard output (or --output); the choices to review, each with how to"
          + " change it, go to standard error."
    })
final class InitCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--jdbc-url",
      required = true,
      description = "JDBC URL of the source database (the one Debezium captures).")
  String jdbcUrl;

  @Option(names = "--user", description = "Source database user (or give it in the URL).")
  String user;

  @Option(
      names = "--password",
      description = "Source database password (or set VAULTSTREAM_PASSWORD).",
      arity = "0..1",
      interactive = true)
  String password;

  @Option(
      names = "--schema",
      description =
          "Source schema whose tables are read, on MariaDB the database (default: the"
              + " connection's current schema or database).")
  String schema;

  @Option(names = "--dialect", description = CliDialect.DESCRIPTION)
  String dialectName;

  @Option(
      names = "--tables",
      split = ",",
      description = "Only these source tables (default: every table of the schema).")
  List<String> tables;

  @Option(
      names = "--hubs",
      split = ",",
      paramLabel = "TABLE",
      description =
          "Make these tables hubs even when they look like code tables or transaction tables.")
  Set<String> hubs = Set.of();

  @Option(names = "--name", description = "The model's name (default: the database name).")
  String name;

  @Option(
      names = "--record-source",
      description = "The model's recordSource (default: the database name, upper case).")
  String recordSource;

  @Option(
      names = "--topic-prefix",
      description =
          "Debezium topic prefix; topics are <prefix>.<schema>.<table> (default: the database"
              + " name).")
  String topicPrefix;

  @Option(
      names = "--output",
      description = "Write the model to this file instead of standard output.")
  Path output;

  /** A source schema's tables, and the name of the database they are in. */
  private record Source(String db, Map<String, SourceCatalog.Table> tables) {}

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    Source source = readSource();
    if (tables != null) {
      source.tables().keySet().retainAll(tables);
    }
    if (source.tables().isEmpty()) {
      err.printf(
          "vaultstream: no tables with a primary key in schema %s%s%n",
          schema, tables == null ? "" : " named " + tables);
      return VaultStreamCli.USAGE;
    }
    String db = source.db();
    ReviewNotes notes = new ReviewNotes();
    String rs = recordSource != null ? recordSource : db.toUpperCase(Locale.ROOT);
    ObjectNode model =
        new StarterModel(source.tables(), hubs, notes)
            .build(
                name != null ? name : db,
                rs,
                (topicPrefix == null ? db : topicPrefix) + "." + schema);
    notes.general(
        rs,
        recordSource != null,
        model.get("hashing").get("profile").asText()
            + " with "
            + model.get("hashing").get("algorithm").asText());
    write(model, err);
    notes.print(err);
    return 0;
  }

  /** Reads the source schema's catalog (the connection's current schema when none is given). */
  private Source readSource() throws Exception {
    VaultDialect d = CliDialect.of(jdbcUrl, dialectName);
    try (Connection c = CliDialect.connect(d, jdbcUrl, user, password)) {
      if (schema == null) {
        schema = currentSchema(c, d);
      }
      // MariaDB's catalog is its database, the schema; a URL may name none.
      String db = c.getCatalog() != null && !c.getCatalog().isEmpty() ? c.getCatalog() : schema;
      return new Source(db, SourceCatalog.read(c, d, schema));
    }
  }

  /** Writes the model, checked to be valid, to the output file or standard output. */
  private void write(ObjectNode model, PrintWriter err) throws Exception {
    String json =
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(model)
            + "\n";
    ModelLoader.parse(json, "the generated model"); // it must be valid
    if (output != null) {
      Files.writeString(output, json);
      err.printf("Wrote %s: %s%n", output, counts(model));
    } else {
      spec.commandLine().getOut().print(json);
      spec.commandLine().getOut().flush();
    }
  }

  private static String counts(ObjectNode model) {
    StringBuilder out = new StringBuilder();
    for (String kind :
        List.of(
            "sources", "hubs", "links", "satellites", "nonHistorizedLinks", "referenceTables")) {
      int n = model.has(kind) ? model.get(kind).size() : 0;
      out.append(out.length() == 0 ? "" : ", ").append(n).append(' ').append(kind);
    }
    return out.toString();
  }

  private static String currentSchema(Connection c, VaultDialect d) throws Exception {
    List<String[]> rows = Queries.rows(c, d.currentSchema());
    if (rows.isEmpty() || rows.get(0)[0] == null) {
      throw new UserError(
          "The connection has no current schema (or database); give --schema, the source schema");
    }
    return rows.get(0)[0];
  }
}
