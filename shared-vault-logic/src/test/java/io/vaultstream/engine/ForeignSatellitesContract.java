package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.TestClock;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Satellites of a child table reaching the parent's hub through a foreign key, and multi-active
 * satellites (one version is the whole set of a parent's phone numbers).
 */
abstract class ForeignSatellitesContract extends DatabaseContract {
  static final VaultModel PHONES = phones();
  final TestClock clock = new TestClock(Instant.parse("2026-06-01T12:00:00Z"));
  final EventFactory ev = new EventFactory(PHONES);

  static VaultModel phones() {
    try (InputStream in =
        ForeignSatellitesContract.class.getResourceAsStream("/models/phones.json")) {
      return ModelLoader.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "phones");
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  VaultLoader open() throws Exception {
    schema = newSchema();
    return track(VaultLoader.open(PHONES, db().options(schema).sweepIntervalMs(0).build(), clock));
  }

  ChangeEvent customer(long t, long id, String no) {
    return ev.event("customers", "c", at(t), row("id", id, "customer_no", no, "name", "n" + id));
  }

  ChangeEvent phone(String op, long t, long id, long customerId, String type, String number) {
    return ev.event(
        "customer_phones",
        op,
        at(t),
        row("id", id, "customer_id", customerId, "phone_type", type, "number", number));
  }

  ChangeEvent phoneDeleted(long t, long id) {
    return ev.event("customer_phones", "d", at(t), row("id", id));
  }

  ChangeEvent profile(long t, long id, long customerId, String segment) {
    return ev.event(
        "customer_profile",
        "c",
        at(t),
        row("id", id, "customer_id", customerId, "segment", segment));
  }

  /** The phone sets: load time, type, number, delete flag, hash diff. */
  List<String> sets() throws Exception {
    return rows(
        "SELECT load_dts, phone_type, number, delete_flag, hash_diff FROM $s.msat_customer_phone"
            + " WHERE record_source <> 'SYSTEM' ORDER BY load_dts, phone_type");
  }

  static String set(long t, String... members) {
    return ts(at(t)) + "|" + String.join("", members);
  }

  @Test
  void aChildsSatelliteGetsItsParentsHubKey() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(customer(1, 1, "C1")));
    LoadResult r = loader.load(List.of(profile(2, 100, 1, "GOLD")));
    assertThat(r.problems()).isEmpty();
    assertThat(
            rows(
                "SELECT customer_hk, segment, load_dts FROM $s.sat_customer_profile"
                    + " WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("C1") + "|GOLD|" + ts(at(2)));
    // In one batch with its parent, either order.
    r = loader.load(List.of(profile(3, 101, 2, "SILVER"), customer(3, 2, "C2")));
    assertThat(r.problems()).isEmpty();
    assertThat(
            rows(
                "SELECT segment FROM $s.sat_customer_profile WHERE customer_hk = "
                    + db().literal(md5("C2"))))
        .containsExactly("SILVER");
  }

  @Test
  void aChildBeforeItsParentWaitsAndLoadsWhenTheParentComes() throws Exception {
    VaultLoader loader = open();
    LoadResult r =
        loader.load(List.of(profile(2, 100, 7, "GOLD"), phone("c", 2, 200, 7, "home", "111")));
    assertThat(r.waiting()).isEqualTo(2);
    assertThat(rows("SELECT count(*) FROM $s.sat_customer_profile WHERE record_source <> 'SYSTEM'"))
        .containsExactly("0");
    assertThat(
            rows(
                "SELECT source_table, target_object, ref_source, state FROM $s.vs_waiting"
                    + " ORDER BY source_table"))
        .containsExactly(
            "customer_phones|msat_customer_phone|customers|WAITING",
            "customer_profile|sat_customer_profile|customers|WAITING");
    clock.advance(Duration.ofSeconds(30));
    r = loader.load(List.of(customer(1, 7, "C7")));
    assertThat(r.resolved()).isEqualTo(2);
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(
            rows(
                "SELECT customer_hk, segment FROM $s.sat_customer_profile WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("C7") + "|GOLD");
    assertThat(rows("SELECT customer_hk, phone_type, number, load_dts FROM $s.msat_customer_phone"))
        .containsExactly(md5("C7") + "|home|111|" + ts(at(2)));
  }

  @Test
  void aParentThatNeverComesGivesNoRowOnTheUnknownGhostAndALateParentStillGetsIt()
      throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(profile(2, 100, 7, "GOLD")));
    clock.advance(Duration.ofSeconds(121));
    loader.load(List.of());
    clock.advance(Duration.ofSeconds(121));
    LoadResult r = loader.load(List.of());
    assertThat(r.releasedToUnknown()).isEqualTo(1);
    assertThat(rows("SELECT count(*) FROM $s.sat_customer_profile WHERE record_source <> 'SYSTEM'"))
        .containsExactly("0");
    assertThat(rows("SELECT state FROM $s.vs_waiting")).containsExactly("UNKNOWN");
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");

    clock.advance(Duration.ofDays(3));
    loader.load(List.of(customer(1, 7, "C7")));
    assertThat(
            rows(
                "SELECT customer_hk, segment FROM $s.sat_customer_profile"
                    + " WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("C7") + "|GOLD");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
  }

  @Test
  void aNullForeignKeyIsAnErrorRowNotAGhostsSatellite() throws Exception {
    VaultLoader loader = open();
    LoadResult r =
        loader.load(
            List.of(
                ev.event(
                    "customer_profile",
                    "c",
                    at(1),
                    row("id", 100L, "customer_id", null, "segment", "GOLD"))));
    assertThat(r.problems()).hasSize(1);
    assertThat(rows("SELECT count(*) FROM $s.sat_customer_profile WHERE record_source <> 'SYSTEM'"))
        .containsExactly("0");
    assertThat(rows("SELECT error_code, target_object FROM $s.vs_errors"))
        .containsExactly("NULL_BUSINESS_KEY|sat_customer_profile");
  }

  @Test
  void aSetIsWrittenWholeAtEveryChangeOfOneMember() throws Exception {
    VaultLoader loader = open();
    String d1 = md5("111||HOME,222||WORK");
    // Two phones in one source transaction (one time): one set of two rows.
    LoadResult r =
        loader.load(
            List.of(
                customer(1, 1, "C1"),
                phone("c", 10, 200, 1, "home", "111"),
                phone("c", 10, 201, 1, "work", "222")));
    assertThat(r.problems()).isEmpty();
    List<String> first =
        List.of(ts(at(10)) + "|home|111|false|" + d1, ts(at(10)) + "|work|222|false|" + d1);
    assertThat(sets()).containsExactlyElementsOf(first);

    // One member changes: the whole new set at the change's time.
    loader.load(List.of(phone("u", 20, 201, 1, "work", "333")));
    String d2 = md5("111||HOME,333||WORK");
    // One member deleted: the set without it.
    loader.load(List.of(phoneDeleted(30, 200)));
    String d3 = md5("333||WORK");
    List<String> expected =
        List.of(
            first.get(0),
            first.get(1),
            ts(at(20)) + "|home|111|false|" + d2,
            ts(at(20)) + "|work|333|false|" + d2,
            ts(at(30)) + "|work|333|false|" + d3);
    assertThat(sets()).containsExactlyElementsOf(expected);

    // An unchanged re-snapshot writes nothing, and neither does a replay.
    r = loader.load(List.of(phone("r", 40, 201, 1, "work", "333")));
    assertThat(r.rowsWritten()).doesNotContainKey("msat_customer_phone");
    r = loader.load(List.of(phone("u", 20, 201, 1, "work", "333"), phoneDeleted(30, 200)));
    assertThat(r.rowsWritten()).doesNotContainKey("msat_customer_phone");
    assertThat(sets()).containsExactlyElementsOf(expected);

    // The last member deleted: the empty set, its row marked with the delete flag.
    loader.load(List.of(phoneDeleted(50, 201)));
    assertThat(sets()).endsWith(ts(at(50)) + "|work|333|true|" + md5(""));
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");
  }

  @Test
  void changesOfOneParentInOneBatchApplyInSourceOrder() throws Exception {
    VaultLoader loader = open();
    loader.load(
        List.of(
            customer(1, 1, "C1"),
            phone("c", 10, 200, 1, "home", "111"),
            phone("c", 11, 201, 1, "work", "222"),
            phone("u", 12, 201, 1, "mobile", "222"),
            phoneDeleted(13, 200)));
    assertThat(sets())
        .containsExactly(
            ts(at(10)) + "|home|111|false|" + md5("111||HOME"),
            ts(at(11)) + "|home|111|false|" + md5("111||HOME,222||WORK"),
            ts(at(11)) + "|work|222|false|" + md5("111||HOME,222||WORK"),
            // The update moved the row from "work" to "mobile": the old member leaves the set.
            ts(at(12)) + "|home|111|false|" + md5("111||HOME,222||MOBILE"),
            ts(at(12)) + "|mobile|222|false|" + md5("111||HOME,222||MOBILE"),
            ts(at(13)) + "|mobile|222|false|" + md5("222||MOBILE"));
  }

  @Test
  void aLateChangeIsPlacedAtItsTimeAndCarriedIntoLaterSets() throws Exception {
    VaultLoader loader = open();
    loader.load(
        List.of(
            customer(1, 1, "C1"),
            phone("c", 10, 200, 1, "home", "111"),
            phone("c", 10, 201, 1, "work", "222")));
    loader.load(List.of(phone("u", 20, 201, 1, "work", "333")));
    // The home number changed at 15, but the event arrives after the set of 20.
    loader.load(List.of(phone("u", 15, 200, 1, "home", "999")));
    String d10 = md5("111||HOME,222||WORK");
    String d15 = md5("999||HOME,222||WORK");
    String d20 = md5("999||HOME,333||WORK");
    assertThat(sets())
        .containsExactly(
            ts(at(10)) + "|home|111|false|" + d10,
            ts(at(10)) + "|work|222|false|" + d10,
            ts(at(15)) + "|home|999|false|" + d15,
            ts(at(15)) + "|work|222|false|" + d15,
            ts(at(20)) + "|home|999|false|" + d20,
            ts(at(20)) + "|work|333|false|" + d20);
  }
}
