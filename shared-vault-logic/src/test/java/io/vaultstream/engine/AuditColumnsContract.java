package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.ModelException;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A satellite's audit columns hold, per version, the operation, source position and transaction id
 * of the event that wrote it; they are not hashed, so they never make a version of their own, and a
 * vault created without them gains them at start.
 */
public abstract class AuditColumnsContract extends DatabaseContract {

  private static VaultModel model(String audit) {
    return ModelLoader.parse(
        LivingSourceContract.model("automate-dv", "\"name\", \"city\"")
            .replace(
                "\"columns\": [\"name\", \"city\"] }",
                "\"columns\": [\"name\", \"city\"]" + audit + " }"),
        "audited");
  }

  private static final String AUDIT =
      ", \"audit\": { \"operation\": \"cdc_op\", \"position\": \"cdc_position\","
          + " \"transaction\": \"cdc_tx\" }";

  @Test
  void eachVersionHoldsItsOwnEventsOperationPositionAndTransaction() throws Exception {
    schema = newSchema();
    VaultModel m = model(AUDIT);
    EventFactory ev = new EventFactory(m);
    VaultLoader loader = track(VaultLoader.open(m, db().options(schema).build()));
    var created =
        ev.event("people", "c", at(1), row("id", 1L, "person_no", "P1", "name", "A"), 501L);
    var same = ev.event("people", "u", at(2), row("id", 1L, "person_no", "P1", "name", "A"), 502L);
    var changed =
        ev.event("people", "u", at(3), row("id", 1L, "person_no", "P1", "name", "B"), 503L);
    var deleted = ev.event("people", "d", at(4), row("id", 1L), 504L);
    loader.load(List.of(created, same, changed, deleted));
    // The unchanged update writes nothing (audit columns are not hashed); each version names its
    // own event.
    assertThat(
            rows(
                "SELECT cdc_op, cdc_position, cdc_tx, delete_flag FROM $s.sat_person"
                    + " WHERE record_source <> 'SYSTEM' ORDER BY load_dts"))
        .containsExactly(
            "c|" + created.position().lsn() + "|501|false",
            "u|" + changed.position().lsn() + "|503|false",
            "d|" + deleted.position().lsn() + "|504|true");
    // A replay of the same events changes nothing.
    loader.load(List.of(created, same, changed, deleted));
    assertThat(rows("SELECT count(*) FROM $s.sat_person WHERE record_source <> 'SYSTEM'"))
        .containsExactly("3");
  }

  /**
   * A version that a late, earlier event brings back (a remembered repeat) or rewrites (a stored
   * delete that gets the attributes of the version now before it) still names its own event, as
   * when the events come in time order.
   */
  @Test
  void versionsBroughtBackOrRewrittenByALateEventKeepTheirOwnEvent() throws Exception {
    VaultModel m = model(AUDIT);
    EventFactory ev = new EventFactory(m);
    // Person 1: the A at 3 repeats the A at 1 until the B at 2 arrives.
    var created1 =
        ev.event("people", "c", at(1), row("id", 1L, "person_no", "P1", "name", "A"), 501L);
    var changed1 =
        ev.event("people", "u", at(2), row("id", 1L, "person_no", "P1", "name", "B"), 502L);
    var back1 = ev.event("people", "u", at(3), row("id", 1L, "person_no", "P1", "name", "A"), 503L);
    // Person 2: the delete at 4 carries A until the B at 2 arrives.
    var created2 =
        ev.event("people", "c", at(1), row("id", 2L, "person_no", "P2", "name", "A"), 601L);
    var changed2 =
        ev.event("people", "u", at(2), row("id", 2L, "person_no", "P2", "name", "B"), 602L);
    var deleted2 = ev.event("people", "d", at(4), row("id", 2L, "person_no", "P2"), 604L);
    String query =
        "SELECT load_dts, name, cdc_op, cdc_tx, delete_flag FROM $s.sat_person"
            + " WHERE record_source <> 'SYSTEM' ORDER BY person_hk, load_dts";
    schema = newSchema();
    VaultLoader inOrder = track(VaultLoader.open(m, db().options(schema).build()));
    inOrder.load(List.of(created1, created2, changed1, changed2, back1, deleted2));
    List<String> expected = rows(query);
    schema = newSchema();
    VaultLoader outOfOrder = track(VaultLoader.open(m, db().options(schema).build()));
    outOfOrder.load(List.of(created1, created2, back1, deleted2));
    outOfOrder.load(List.of(changed1, changed2));
    assertThat(rows(query)).isEqualTo(expected);
  }

  @Test
  void aVaultCreatedWithoutThemGainsThemAtStart() throws Exception {
    schema = newSchema();
    track(VaultLoader.open(model(""), db().options(schema).build())).close();
    track(VaultLoader.open(model(AUDIT), db().options(schema).build()));
    assertThat(
            rows(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = '$s'"
                    + " AND table_name = 'sat_person' ORDER BY ordinal_position"))
        .endsWith("cdc_op", "cdc_position", "cdc_tx");
  }

  @Test
  void anAuditColumnNamedLikeAnAttributeIsRefused() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> model(", \"audit\": { \"operation\": \"city\" }"))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("/satellites/sat_person/")
        .hasMessageContaining("'city'");
  }
}
