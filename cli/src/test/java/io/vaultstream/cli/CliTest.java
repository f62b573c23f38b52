package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.testing.Samples;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The commands as a user runs them: output and exit codes. */
class CliTest {

  record Run(int code, String out, String err) {}

  static Run run(String... args) {
    CommandLine cl = VaultStreamCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void validateAcceptsTheShopModel() {
    Run r = run("validate", Samples.shopModel().toString());
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .contains(
            "model 'shop' is valid: 6 sources, 3 hubs, 2 links, 1 non-historized links, 4 satellites");
    // The topic each source is read from, here Debezium's <topic.prefix>.<schema>.<table>.
    assertThat(r.out())
        .contains("Topics:")
        .contains("  customers <- shop.public.customers")
        .doesNotContain("not named as Debezium names topics");
  }

  @Test
  void validateNotesTopicsNamedWithDebeziumsTopicPrefixAlone(@TempDir Path dir) throws Exception {
    Path model = dir.resolve("prefix.json");
    Files.writeString(
        model, Files.readString(Samples.shopModel()).replace("\"shop.public.", "\"shop."));
    Run r = run("validate", model.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("  customers <- shop.customers")
        .contains("not named as Debezium names topics (<topic.prefix>.<schema>.<table>)")
        .contains("topicPrefix is the connector's topic.prefix followed by the schema");
  }

  @Test
  void validateWarnsOfNamedColumnsItCannotCheckAndStillAccepts(@TempDir Path dir) throws Exception {
    Path model = dir.resolve("unchecked.yaml");
    Files.writeString(
        model,
        """
        name: unchecked
        sources:
          orders: { topic: t.orders, primaryKey: [id] }
          products: { topic: t.products, primaryKey: [id], columns: [id, sku, nme] }
        hubs:
          hub_order: { hashKey: order_hk, businessKey: [order_no], sources: { orders: [order_no] } }
          hub_product: { hashKey: product_hk, businessKey: [sku], sources: { products: [sku] } }
        satellites:
          sat_order: { parent: hub_order, source: orders, columns: [stauts] }
          sat_product: { parent: hub_product, source: products, columns: [nme] }
        """);
    Run r = run("validate", model.toString());
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .contains("model 'unchecked' is valid")
        .contains("1 warning(s):")
        .contains(
            "  warning: /sources/orders: declares no \"columns\", so the columns the model names"
                + " of it (id, order_no, stauts) are not checked: a misspelt one stays NULL in the"
                + " vault")
        .doesNotContain("/sources/products");
  }

  @Test
  void validateListsProblemsAndExitsWithOne(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(
        bad,
        """
        name: bad
        sources:
          orders: { topic: t.orders, primaryKey: [id] }
        hubs:
          hub_order: { hashKey: order_hk, businessKey: [order_no], sources: { ordrs: [order_no] } }
        satellites:
          sat_order: { parent: hub_order, source: orders }
        """);
    Run r = run("validate", bad.toString());
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err())
        .contains("2 problem(s)")
        .contains("/hubs/hub_order/sources/ordrs: unknown source 'ordrs'; sources: orders")
        .contains("/satellites/sat_order/source: source 'orders' does not feed hub 'hub_order'");
  }

  @Test
  void validateOfAMissingFileExitsWithTwo() {
    Run r = run("validate", "/no/such/model.json");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("cannot read the model file /no/such/model.json");
  }

  @Test
  void hashPrintsOnlyTheDigest() {
    assertThat(run("hash", "1001", "GBR").out()).isEqualTo("424314C252E99AF1C1371D91571A7017\n");
    assertThat(run("hash", "--hashdiff", "--null", "--null", "--null").out())
        .isEqualTo("3C92E664B39D90428DBC94975B5DDA58\n");
    assertThat(run("hash", "--profile", "datavault4dbt", "2400102").out())
        .isEqualTo("1f3a375fb2b610de97f1ca606b4228e0\n");
    assertThat(run("hash", "--algorithm", "SHA-1", "abc", "def").out())
        .isEqualTo("E8F008984C9BCAC30EB9A750D1093E2F13C27F87\n");
    assertThat(run("hash", "--profile", "vaultspeed", "sf1", "c#1").out())
        .isEqualTo("99170DE162F8D3CA87C17268DA757B43\n");
    Run none = run("hash", "--null", "--null");
    assertThat(none.code()).isEqualTo(1);
    assertThat(none.out()).isEmpty();
    assertThat(run("hash", "--profile", "dbtvault", "x").err())
        .contains("unknown hashing profile 'dbtvault'; valid: automate-dv");
  }

  @Test
  void ddlCreatesEveryTable() {
    Run r = run("ddl", Samples.shopModel().toString(), "--schema", "vault");
    assertThat(r.code()).isZero();
    for (String t :
        new String[] {
          "hub_customer",
          "hub_product",
          "hub_order",
          "lnk_order_customer",
          "lnk_order_line",
          "nhl_payment",
          "sat_customer",
          "sat_product",
          "sat_order",
          "lsat_order_line",
          "ref_order_status",
          "vs_key_map",
          "vs_waiting",
          "vs_errors",
          "vs_progress"
        }) {
      assertThat(r.out()).contains("CREATE TABLE IF NOT EXISTS \"vault\".\"" + t + "\"");
    }
    assertThat(r.out()).contains("INSERT INTO \"vault\".\"hub_customer\"");
  }

  @Test
  void ddlTakesTheDialectByNameAndConnectsToAJdbcUrl() {
    String model = Samples.shopModel().toString();
    Run plain = run("ddl", model, "--schema", "vault");
    assertThat(plain.out()).contains("(postgresql)");
    Run named = run("ddl", model, "--schema", "vault", "--dialect", "postgresql");
    assertThat(named.code()).isZero();
    assertThat(named.out()).isEqualTo(plain.out());
    // A URL is a live vault to compare with: a server that does not exist is an error that does
    // not show the password.
    Run byUrl =
        run(
            "ddl",
            model,
            "--schema",
            "vault",
            "--jdbc-url",
            "jdbc:postgresql://nowhere.invalid:1/x?password=secret");
    assertThat(byUrl.code()).isEqualTo(2);
    assertThat(byUrl.out()).isEmpty();
    assertThat(byUrl.err()).startsWith("vaultstream: ").doesNotContain("secret");
  }

  @Test
  void anUnknownDialectIsAUsageErrorListingTheKnownOnes() {
    Run r = run("ddl", Samples.shopModel().toString(), "--dialect", "oracle");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("unknown dialect 'oracle'").containsPattern("known: .*postgresql");
    Run url =
        run(
            "ddl",
            Samples.shopModel().toString(),
            "--jdbc-url",
            "jdbc:sqlserver://h;password=secret");
    assertThat(url.code()).isEqualTo(2);
    assertThat(url.err())
        .contains("no dialect accepts the JDBC URL")
        .contains("postgresql")
        .doesNotContain("secret");
  }

  @Test
  void theCommandListShowsAWholeSentenceForEachCommand() {
    Run r = run("--help");
    assertThat(r.code()).isZero();
    String list = r.out().substring(r.out().indexOf("Commands:"));
    // Each command's summary, its wrapped lines joined, ends a sentence.
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("\n  ([a-z]+) +((?:[^\n]|\n {8,})+)").matcher(list);
    int commands = 0;
    while (m.find()) {
      commands++;
      assertThat(m.group(2).replaceAll("\\s+", " ").strip()).as(m.group(1)).endsWith(".");
    }
    assertThat(commands).isEqualTo(VaultStreamCli.commandLine().getSubcommands().size());
    assertThat(list)
        .containsPattern("status +Shows what is in the vault, what waits and what failed\\.")
        .containsPattern("init +Writes a starter vault model from a source database's catalog");
  }

  @Test
  void everyCommandPrintsItsVersion() {
    String version = VersionProvider.version();
    assertThat(version).isNotEqualTo("(development build)").matches("\\d+\\.\\d+\\.\\d+.*");
    for (String[] args :
        new String[][] {
          {"-V"}, {"--version"}, {"status", "-V"}, {"errors", "list", "--version"}, {"init", "-V"}
        }) {
      Run r = run(args);
      assertThat(r.code()).as(String.join(" ", args)).isZero();
      assertThat(r.out()).as(String.join(" ", args)).isEqualTo("vaultstream " + version + "\n");
    }
  }

  @Test
  void initDescribesTheSourceDatabase() {
    String help = run("init", "--help").out().replaceAll("\\s+", " ");
    assertThat(help)
        .contains("--jdbc-url=<jdbcUrl> JDBC URL of the source database")
        .contains("--schema=<schema> Source schema whose tables are read")
        .doesNotContain("vault database")
        .doesNotContain("Schema of the vault tables");
  }

  @Test
  void aBadOptionSaysWhatIsWrongWithoutTheWholeUsage() {
    Run r = run("status", "--jdbc-url", "jdbc:postgresql://h/db", "--format", "xml");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .contains("--format")
        .contains("xml")
        .contains("Run 'vaultstream status --help' for its options.")
        .doesNotContain("Usage:");
  }
}
