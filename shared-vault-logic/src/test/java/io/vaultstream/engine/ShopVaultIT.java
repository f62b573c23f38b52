package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import io.vaultstream.testing.VaultDump;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The shop model loaded into a real PostgreSQL: the exact rows of every vault table. */
class ShopVaultIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final String NULL_KEY = "0".repeat(32);
  private static final String UNKNOWN_KEY = "F".repeat(32);

  private final EventFactory ev = new EventFactory(SHOP);
  private final List<VaultLoader> loaders = new ArrayList<>();
  private String schema;
  private VaultLoader loader;

  @BeforeEach
  void setUp() throws Exception {
    schema = TestDatabase.newSchema();
    loader = open(schema);
  }

  @AfterEach
  void tearDown() {
    loaders.forEach(VaultLoader::close);
  }

  private VaultLoader open(String target) throws Exception {
    VaultLoader l = VaultLoader.open(SHOP, TestDatabase.options(target).build());
    loaders.add(l);
    return l;
  }

  static String md5(String s) throws Exception {
    return HexFormat.of()
        .withUpperCase()
        .formatHex(MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8)));
  }

  private List<String> rows(String sql) throws Exception {
    return TestDatabase.rows(sql.replace("$s", schema));
  }

  /** A timestamptz as PostgreSQL prints it in UTC. */
  private static String ts(long micros) {
    String sql = new io.vaultstream.dialect.PostgresDialect().timestampText(micros);
    return sql.replaceAll("\\.?0*\\+00$", "+00");
  }

  private ChangeEvent customer(
      String op, long t, long id, String no, String name, String email, String city) {
    return ev.event(
        "customers",
        op,
        t,
        row(
            "id",
            id,
            "customer_no",
            no,
            "name",
            name,
            "email",
            email,
            "city",
            city,
            "updated_at",
            Instant.ofEpochSecond(1_704_067_200L + id)));
  }

  private List<ChangeEvent> firstOrder() {
    long t = at(0);
    return List.of(
        customer("c", t, 1, "C1", "Ann", "ann@example.com", "Hamburg"),
        ev.event(
            "products",
            "c",
            t,
            row("id", 10L, "sku", "SKU-10", "name", "Lamp", "price", new BigDecimal("9.90"))),
        ev.event("order_status", "c", t, row("code", "NEW", "description", "New order")),
        ev.event(
            "orders",
            "c",
            at(1),
            row(
                "id",
                100L,
                "order_no",
                "O100",
                "customer_id",
                1L,
                "ordered_at",
                Instant.parse("2026-01-01T00:00:01Z"),
                "status",
                "NEW")),
        ev.event(
            "order_lines",
            "c",
            at(1),
            row(
                "order_id",
                100L,
                "line_no",
                1,
                "product_id",
                10L,
                "qty",
                3,
                "amount",
                new BigDecimal("29.70"))),
        ev.event(
            "payments",
            "c",
            at(2),
            row(
                "id",
                500L,
                "order_id",
                100L,
                "paid_at",
                Instant.parse("2026-01-01T00:00:02Z"),
                "amount",
                new BigDecimal("29.70"),
                "method",
                "card")));
  }

  @Test
  void insertsFillEveryVaultTable() throws Exception {
    LoadResult r = loader.load(firstOrder());
    assertThat(r.problems()).isEmpty();

    assertThat(
            rows(
                "SELECT customer_hk, customer_no, load_dts, record_source FROM $s.hub_customer ORDER BY load_dts, customer_hk"))
        .containsExactly(
            NULL_KEY + "|null|1900-01-01 00:00:00+00|SYSTEM",
            UNKNOWN_KEY + "|null|1900-01-01 00:00:00+00|SYSTEM",
            md5("C1") + "|C1|2026-01-01 00:00:00+00|SHOP.customers");
    assertThat(
            rows(
                "SELECT order_hk, order_no, record_source FROM $s.hub_order WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("O100") + "|O100|SHOP.orders");
    assertThat(rows("SELECT product_hk, sku FROM $s.hub_product WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("SKU-10") + "|SKU-10");

    // Satellite: attributes sorted for the hash diff (city, email, name, updated_at).
    assertThat(
            rows(
                "SELECT customer_hk, load_dts, record_source, hash_diff, delete_flag, name, email, city, updated_at"
                    + " FROM $s.sat_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(
            md5("C1")
                + "|2026-01-01 00:00:00+00|SHOP.customers|"
                + md5("HAMBURG||ANN@EXAMPLE.COM||ANN||2024-01-01 00:00:01")
                + "|f|Ann|ann@example.com|Hamburg|2024-01-01 00:00:01");
    // A satellite without columns takes the source's non-key columns from the events, typed.
    assertThat(
            rows(
                "SELECT product_hk, hash_diff, name, price FROM $s.sat_product WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("SKU-10") + "|" + md5("LAMP||9.90") + "|Lamp|9.90");
    assertThat(
            TestDatabase.value(
                "SELECT data_type FROM information_schema.columns WHERE table_schema='"
                    + schema
                    + "' AND table_name='sat_product' AND column_name='price'"))
        .isEqualTo("numeric");
    assertThat(
            rows(
                "SELECT order_hk, hash_diff, ordered_at, status FROM $s.sat_order WHERE record_source <> 'SYSTEM'"))
        .containsExactly(
            md5("O100") + "|" + md5("2026-01-01 00:00:01||NEW") + "|2026-01-01 00:00:01|NEW");

    assertThat(
            rows(
                "SELECT order_customer_hk, order_hk, customer_hk, load_dts, record_source FROM $s.lnk_order_customer"
                    + " WHERE record_source <> 'SYSTEM'"))
        .containsExactly(
            md5("O100||C1")
                + "|"
                + md5("O100")
                + "|"
                + md5("C1")
                + "|2026-01-01 00:00:01+00|SHOP.orders");
    assertThat(
            rows(
                "SELECT order_line_hk, order_hk, product_hk, line_no FROM $s.lnk_order_line WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("O100||SKU-10||1") + "|" + md5("O100") + "|" + md5("SKU-10") + "|1");
    assertThat(
            rows(
                "SELECT order_line_hk, hash_diff, qty, amount FROM $s.lsat_order_line WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("O100||SKU-10||1") + "|" + md5("29.70||3") + "|3|29.70");
    assertThat(
            rows(
                "SELECT payment_hk, order_hk, id, paid_at, amount, method FROM $s.nhl_payment WHERE record_source <> 'SYSTEM'"))
        .containsExactly(
            md5("O100||500") + "|" + md5("O100") + "|500|2026-01-01 00:00:02|29.70|card");
    assertThat(
            rows(
                "SELECT code, load_dts, hash_diff, delete_flag, description FROM $s.ref_order_status"))
        .containsExactly("NEW|2026-01-01 00:00:00+00|" + md5("NEW ORDER") + "|f|New order");

    // Ghost records: null and unknown in every hub, link and satellite.
    for (String t :
        List.of(
            "hub_customer",
            "hub_order",
            "hub_product",
            "lnk_order_customer",
            "lnk_order_line",
            "nhl_payment",
            "sat_customer",
            "sat_product",
            "sat_order",
            "lsat_order_line")) {
      assertThat(
              TestDatabase.value(
                  "SELECT count(*) FROM " + schema + "." + t + " WHERE record_source = 'SYSTEM'"))
          .as(t)
          .isEqualTo("2");
    }
  }

  @Test
  void updatesDuplicatesDeletesAndReinserts() throws Exception {
    loader.load(List.of(customer("c", at(0), 1, "C1", "Ann", "ann@example.com", "Hamburg")));
    loader.load(List.of(customer("u", at(10), 1, "C1", "Ann", "ann@new.example", "Hamburg")));
    loader.load(List.of(customer("u", at(20), 1, "C1", "Ann", "ann@new.example", "Hamburg")));
    // A real delete carries only the primary key and placeholders (see
    // samples/customers.delete.value.json).
    LoadResult del =
        loader.load(
            List.of(
                ev.event(
                    "customers",
                    "d",
                    at(30),
                    row(
                        "id",
                        1L,
                        "customer_no",
                        "",
                        "name",
                        "",
                        "email",
                        null,
                        "city",
                        null,
                        "updated_at",
                        Instant.EPOCH))));
    assertThat(del.problems()).isEmpty();
    loader.load(List.of(customer("c", at(40), 1, "C1", "Ann", "ann@new.example", "Hamburg")));

    String hd1 = md5("HAMBURG||ANN@EXAMPLE.COM||ANN||2024-01-01 00:00:01");
    String hd2 = md5("HAMBURG||ANN@NEW.EXAMPLE||ANN||2024-01-01 00:00:01");
    assertThat(
            rows(
                "SELECT load_dts, hash_diff, delete_flag, email FROM $s.sat_customer WHERE record_source <> 'SYSTEM'"
                    + " ORDER BY load_dts"))
        .containsExactly(
            "2026-01-01 00:00:00+00|" + hd1 + "|f|ann@example.com",
            "2026-01-01 00:00:10+00|" + hd2 + "|f|ann@new.example",
            "2026-01-01 00:00:30+00|" + hd2 + "|t|ann@new.example",
            "2026-01-01 00:00:40+00|" + hd2 + "|f|ann@new.example");
    assertThat(
            rows(
                "SELECT customer_no, load_dts FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("C1|2026-01-01 00:00:00+00");
  }

  @Test
  void replayingABatchWritesNothing() throws Exception {
    List<ChangeEvent> batch = new ArrayList<>(firstOrder());
    batch.add(customer("u", at(5), 1, "C1", "Ann", "x@example.com", "Kiel"));
    batch.add(ev.event("customers", "d", at(6), row("id", 1L, "customer_no", "", "name", "")));
    loader.load(batch);
    Map<String, List<String>> before = VaultDump.of(schema);
    LoadResult again = loader.load(batch);
    assertThat(again.totalRows()).isZero();
    assertThat(VaultDump.of(schema)).isEqualTo(before);
  }

  @Test
  void reorderedEventsGiveTheSameVault() throws Exception {
    List<List<ChangeEvent>> batches =
        List.of(
            List.of(customer("c", at(1), 1, "C1", "Ann", "a@example.com", "Kiel")),
            List.of(customer("u", at(2), 1, "C1", "Ann", "a@example.com", "Kiel")),
            List.of(customer("u", at(3), 1, "C1", "Ann", "b@example.com", "Kiel")),
            List.of(customer("u", at(4), 1, "C1", "Ann", "a@example.com", "Kiel")),
            List.of(
                customer("u", at(5), 1, "C1", "Ann", "c@example.com", "Bonn"),
                ev.event(
                    "orders",
                    "c",
                    at(5),
                    row("id", 7L, "order_no", "O7", "customer_id", 1L, "status", "NEW"))));
    for (List<ChangeEvent> b : batches) {
      loader.load(b);
    }
    String other = TestDatabase.newSchema();
    VaultLoader reversed = open(other);
    List<List<ChangeEvent>> backwards = new ArrayList<>(batches);
    Collections.reverse(backwards);
    for (List<ChangeEvent> b : backwards) {
      List<ChangeEvent> r = new ArrayList<>(b);
      Collections.reverse(r);
      reversed.load(r);
    }
    Map<String, List<String>> inOrder = VaultDump.of(schema);
    Map<String, List<String>> outOfOrder = VaultDump.of(other);
    inOrder.remove("vs_key_map");
    outOfOrder.remove("vs_key_map");
    assertThat(outOfOrder).isEqualTo(inOrder);
    assertThat(
            rows(
                "SELECT load_dts, email FROM $s.sat_customer WHERE record_source <> 'SYSTEM' ORDER BY load_dts"))
        .containsExactly(
            "2026-01-01 00:00:01+00|a@example.com",
            "2026-01-01 00:00:03+00|b@example.com",
            "2026-01-01 00:00:04+00|a@example.com",
            "2026-01-01 00:00:05+00|c@example.com");
  }

  @Test
  void changesWithTheSameTimestampGetTheNextMicrosecond() throws Exception {
    long t = at(100);
    List<ChangeEvent> tx =
        List.of(
            customer("c", t, 2, "C2", "Bob", "b1@example.com", "Ulm"),
            customer("u", t, 2, "C2", "Bob", "b2@example.com", "Ulm"),
            customer("u", t, 2, "C2", "Bob", "b3@example.com", "Ulm"));
    loader.load(tx);
    assertThat(
            rows(
                "SELECT load_dts, email FROM $s.sat_customer WHERE record_source <> 'SYSTEM' ORDER BY load_dts"))
        .containsExactly(
            ts(t) + "|b1@example.com",
            ts(t + 1) + "|b2@example.com",
            ts(t + 2) + "|b3@example.com");

    // The same transaction split over two batches gives the same rows.
    String other = TestDatabase.newSchema();
    VaultLoader split = open(other);
    split.load(tx.subList(0, 2));
    split.load(tx.subList(2, 3));
    assertThat(
            TestDatabase.rows(
                "SELECT load_dts, email FROM "
                    + other
                    + ".sat_customer WHERE record_source <> 'SYSTEM' ORDER BY load_dts"))
        .containsExactly(
            ts(t) + "|b1@example.com",
            ts(t + 1) + "|b2@example.com",
            ts(t + 2) + "|b3@example.com");
  }

  @Test
  void keysEqualWhatPostgresComputesFromTheSameValues() throws Exception {
    // PostgreSQL's upper() maps non-ASCII letters only under a Unicode-aware collation.
    boolean builtin =
        "1"
            .equals(
                TestDatabase.value(
                    "SELECT count(*) FROM pg_collation WHERE collname = 'pg_c_utf8'"));
    String collate = builtin ? " COLLATE pg_c_utf8" : "";
    boolean unicodeUpper = "ÉTÉ".equals(TestDatabase.value("SELECT upper('été'" + collate + ")"));
    List<String> numbers =
        new ArrayList<>(List.of(" c-1 ", "mixed Case", "x||y", "tab\tin", "  lead"));
    if (unicodeUpper) {
      numbers.addAll(List.of("straße", "été"));
    }
    TestDatabase.execute(
        "CREATE TABLE "
            + schema
            + ".src (id bigint, customer_no text, name text, email text, city text,"
            + " updated_at timestamptz)");
    List<ChangeEvent> batch = new ArrayList<>();
    for (int i = 0; i < numbers.size(); i++) {
      long id = 10 + i;
      Instant updated = Instant.parse("2024-03-01T10:00:00Z").plusNanos(i * 1_250_000L);
      String email = i % 2 == 0 ? null : "e" + i + "@x.org";
      TestDatabase.execute(
          "INSERT INTO "
              + schema
              + ".src VALUES ("
              + id
              + ", '"
              + numbers.get(i).replace("'", "''")
              + "', 'n"
              + i
              + "', "
              + (email == null ? "NULL" : "'" + email + "'")
              + ", '', '"
              + updated
              + "')");
      batch.add(
          ev.event(
              "customers",
              "c",
              at(i),
              row(
                  "id",
                  id,
                  "customer_no",
                  numbers.get(i),
                  "name",
                  "n" + i,
                  "email",
                  email,
                  "city",
                  "",
                  "updated_at",
                  updated)));
    }
    loader.load(batch);
    assertThat(
            rows(
                "SELECT customer_hk FROM $s.hub_customer WHERE record_source <> 'SYSTEM' ORDER BY 1"))
        .isEqualTo(
            rows(
                "SELECT upper(md5(nullif(upper(trim(customer_no)"
                    + collate
                    + "), ''))) FROM $s.src ORDER BY 1"));
    String std = "coalesce(nullif(upper(trim(%s)" + collate + "), ''), '^^')";
    String diff =
        "upper(md5(concat_ws('||', "
            + String.format(std, "city")
            + ", "
            + String.format(std, "email")
            + ", "
            + String.format(std, "name")
            + ", "
            + String.format(std, "(updated_at AT TIME ZONE 'UTC')::text")
            + ")))";
    assertThat(
            rows(
                "SELECT hash_diff FROM $s.sat_customer WHERE record_source <> 'SYSTEM' ORDER BY 1"))
        .isEqualTo(rows("SELECT " + diff + " FROM $s.src ORDER BY 1"));
  }

  @Test
  void theRealDebeziumSamplesLoad() throws Exception {
    List<ChangeEvent> events = new ArrayList<>();
    long offset = 0;
    for (String[] s :
        new String[][] {
          {"customers", "customers.value.json"}, {"customers", "customers.update.value.json"},
          {"products", "products.value.json"}, {"products", "products.update.value.json"},
          {"orders", "orders.value.json"}, {"orders", "orders.update.value.json"},
          {"order_lines", "order_lines.value.json"}, {"customers", "customers.delete.value.json"}
        }) {
      events.add(
          loader
              .decoder()
              .decode("shop.public." + s[0], 0, offset++, 0, null, Samples.bytes(s[1]))
              .orElseThrow());
    }
    LoadResult r = loader.load(events);
    assertThat(
            rows(
                "SELECT customer_no FROM $s.hub_customer WHERE record_source <> 'SYSTEM' ORDER BY 1"))
        .containsExactly("C0000000001", "C0000000003");
    assertThat(rows("SELECT sku FROM $s.hub_product WHERE record_source <> 'SYSTEM' ORDER BY 1"))
        .containsExactly("SKU-000001", "SKU-000199");
    assertThat(rows("SELECT price FROM $s.sat_product WHERE record_source <> 'SYSTEM' ORDER BY 1"))
        .containsExactly("602.78", "956.87");
    // The delete of customer 97 finds no key (its insert came before vaultstream): reported, not
    // guessed.
    assertThat(r.problems()).extracting(Problem::code).contains(Problem.UNRESOLVED_REFERENCE);
    assertThat(r.problems())
        .extracting(Problem::message)
        .anyMatch(m -> m.startsWith("delete of customers [\"97\"]"));
    // Orders reference customers 524 and 798, which are not loaded: their links wait (issue:
    // watermark).
    assertThat(rows("SELECT count(*) FROM $s.lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("0");
  }
}
