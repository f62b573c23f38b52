package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A source that changes while the vault is loaded: a column added to the source (taken from events,
 * or declared in the model later) writes no new version of a row that did not change, under every
 * hashing profile, and a version as soon as the new column holds a value; a column removed from the
 * source ends in one version per row that held a value in it; a declared column is added to a live
 * vault, or the loader refuses to start naming it.
 */
public abstract class LivingSourceContract extends DatabaseContract {

  /** A model of people, with one satellite of declared columns and one taking them from events. */
  static String model(String profile, String declared) {
    return """
        { "name": "living", "recordSource": "SRC",
          "hashing": { "profile": "%s" },
          "sources": { "people": { "topic": "src.people", "primaryKey": ["id"] } },
          "hubs": { "hub_person": { "hashKey": "person_hk", "businessKey": ["person_no"],
                                    "sources": { "people": ["person_no"] } } },
          "satellites": {
            "sat_person": { "parent": "hub_person", "source": "people", "columns": [%s] },
            "sat_person_all": { "parent": "hub_person", "source": "people" } } }
        """
        .formatted(profile, declared);
  }

  private VaultLoader open(VaultModel m, boolean autoEvolve) throws SQLException {
    return track(VaultLoader.open(m, db().options(schema).autoEvolve(autoEvolve).build()));
  }

  private static ChangeEvent person(
      EventFactory ev, String op, long t, int id, Map<String, Object> more) {
    Map<String, Object> r =
        new java.util.LinkedHashMap<>(row("id", (long) id, "person_no", "P" + id));
    r.putAll(more);
    return ev.event("people", op, t, r);
  }

  private int versions(String table) throws SQLException {
    return Integer.parseInt(
        rows("SELECT count(*) FROM $s." + table + " WHERE record_source <> 'SYSTEM'").get(0));
  }

  /** A re-snapshot: every person sent again as a read, values unchanged. */
  private static List<ChangeEvent> snapshot(
      EventFactory ev, long t, int people, Map<String, Object> more) {
    List<ChangeEvent> out = new ArrayList<>();
    for (int id = 1; id <= people; id++) {
      out.add(person(ev, "r", t, id, withName(id, more)));
    }
    return out;
  }

  private static Map<String, Object> withName(int id, Map<String, Object> more) {
    Map<String, Object> r = new java.util.LinkedHashMap<>(row("name", "N" + id, "city", "C" + id));
    r.putAll(more);
    return r;
  }

  @Test
  void aColumnFirstSeenWithAValueIsWrittenByTheBatchThatAddsIt() throws Exception {
    schema = newSchema();
    VaultModel m = ModelLoader.parse(model("automate-dv", "\"name\", \"city\""), "m");
    EventFactory ev = new EventFactory(m);
    VaultLoader loader = open(m, true);
    loader.load(snapshot(ev, at(1), 2, Map.of()));
    // The batch is planned before its table gains the column and written after: the version holds
    // the value and counts it in its hash diff.
    loader.load(List.of(person(ev, "u", at(2), 1, withName(1, Map.of("phone", "555")))));
    assertThat(versions("sat_person_all")).isEqualTo(3);
    assertThat(rows("SELECT phone FROM $s.sat_person_all WHERE phone IS NOT NULL"))
        .containsExactly("555");
    assertThat(versions("sat_person")).isEqualTo(2);
  }

  @ParameterizedTest
  @ValueSource(strings = {"automate-dv", "datavault4dbt", "vaultspeed"})
  void aColumnAddedToTheSourceWritesNoVersionOfUnchangedRows(String profile) throws Exception {
    schema = newSchema();
    VaultModel before = ModelLoader.parse(model(profile, "\"name\", \"city\""), "before");
    EventFactory ev = new EventFactory(before);
    VaultLoader loader = open(before, true);
    loader.load(snapshot(ev, at(1), 3, Map.of()));
    assertThat(versions("sat_person")).isEqualTo(3);
    assertThat(versions("sat_person_all")).isEqualTo(3);
    loader.close();

    // The source gains a column 'phone'; the model declares it too. Re-snapshot: phone NULL.
    VaultModel after = ModelLoader.parse(model(profile, "\"name\", \"phone\", \"city\""), "after");
    loader = open(after, true);
    Map<String, Object> noPhone = new java.util.LinkedHashMap<>();
    noPhone.put("phone", null);
    loader.load(snapshot(ev, at(2), 3, noPhone));
    assertThat(versions("sat_person")).isEqualTo(3);
    assertThat(versions("sat_person_all")).isEqualTo(3);
    // A replay of the first load, and a no-op update, change nothing either.
    loader.load(snapshot(ev, at(1), 3, Map.of()));
    loader.load(List.of(person(ev, "u", at(3), 2, withName(2, noPhone))));
    assertThat(versions("sat_person")).isEqualTo(3);
    assertThat(versions("sat_person_all")).isEqualTo(3);

    // A value in the new column is a new version, in both satellites.
    loader.load(List.of(person(ev, "u", at(4), 1, withName(1, Map.of("phone", "555")))));
    assertThat(versions("sat_person")).isEqualTo(4);
    assertThat(versions("sat_person_all")).isEqualTo(4);
    assertThat(rows("SELECT phone FROM $s.sat_person WHERE phone IS NOT NULL"))
        .containsExactly("555");
    // ... and comes again unchanged: nothing.
    loader.load(List.of(person(ev, "r", at(5), 1, withName(1, Map.of("phone", "555")))));
    assertThat(versions("sat_person")).isEqualTo(4);
    // The declared column was appended to the table, whatever its place in the model.
    assertThat(
            rows(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = '$s'"
                    + " AND table_name = 'sat_person' ORDER BY ordinal_position"))
        .containsSubsequence("name", "city", "phone")
        .endsWith("phone");
  }

  @ParameterizedTest
  @ValueSource(strings = {"automate-dv", "datavault4dbt"})
  void aColumnRemovedFromTheSourceEndsInOneVersionPerRowThatHeldAValue(String profile)
      throws Exception {
    schema = newSchema();
    VaultModel m = ModelLoader.parse(model(profile, "\"name\", \"city\""), "m");
    EventFactory ev = new EventFactory(m);
    VaultLoader loader = open(m, true);
    loader.load(
        List.of(
            person(ev, "r", at(1), 1, row("name", "N1", "city", "C1")),
            person(ev, "r", at(1), 2, row("name", "N2", "city", null))));
    // The source drops 'city': events no longer carry it.
    loader.load(
        List.of(
            person(ev, "r", at(2), 1, row("name", "N1")),
            person(ev, "r", at(2), 2, row("name", "N2"))));
    loader.load(
        List.of(
            person(ev, "u", at(3), 1, row("name", "N1")),
            person(ev, "u", at(3), 2, row("name", "N2"))));
    // Person 1: C1, then NULL once; person 2 never held a value: one version.
    assertThat(
            rows(
                "SELECT coalesce(city, '-') FROM $s.sat_person WHERE record_source <> 'SYSTEM'"
                    + " ORDER BY name, load_dts"))
        .containsExactly("C1", "-", "-");
    assertThat(versions("sat_person")).isEqualTo(3);
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aColumnDeclaredLaterIsAddedToTheLiveVaultOrNamed(boolean autoEvolve) throws Exception {
    schema = newSchema();
    VaultModel before = ModelLoader.parse(model("automate-dv", "\"name\""), "before");
    open(before, true).close();
    VaultModel after = ModelLoader.parse(model("automate-dv", "\"name\", \"city\""), "after");
    String columns =
        "SELECT column_name FROM information_schema.columns WHERE table_schema = '$s'"
            + " AND table_name = 'sat_person'";
    if (autoEvolve) {
      open(after, true);
      assertThat(rows(columns)).contains("city");
    } else {
      assertThatThrownBy(() -> open(after, false))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("does not match the model (add city) and auto-evolve is off")
          .hasMessageContaining("ADD COLUMN IF NOT EXISTS")
          .hasMessageContaining("auto-evolve");
      assertThat(rows(columns)).doesNotContain("city");
    }
  }

  /** The people model with declared, typed source columns. */
  static String typedModel(String nameType, String cityType) {
    return model("automate-dv", "\"name\", \"city\"")
        .replace(
            "\"primaryKey\": [\"id\"] }",
            "\"primaryKey\": [\"id\"], \"columns\": { \"id\": \"bigint\", \"person_no\": \"text\","
                + " \"name\": \""
                + nameType
                + "\", \"city\": \""
                + cityType
                + "\" } }");
  }

  @org.junit.jupiter.api.Test
  void aTypeWidenedInTheModelWidensTheVaultColumn() throws Exception {
    schema = newSchema();
    VaultModel narrow = ModelLoader.parse(typedModel("varchar(5)", "integer"), "narrow");
    EventFactory ev = new EventFactory(narrow);
    VaultLoader loader = open(narrow, true);
    // Values that fit the narrow types; longer or larger ones are refused by their declared type.
    assertThat(
            loader
                .load(List.of(person(ev, "c", at(1), 1, row("name", "Alex", "city", 7))))
                .errors())
        .isZero();
    loader.close();

    VaultModel wide = ModelLoader.parse(typedModel("varchar(20)", "bigint"), "wide");
    loader = open(wide, true);
    assertThat(
            loader
                .load(
                    List.of(
                        person(
                            new EventFactory(wide),
                            "c",
                            at(2),
                            1,
                            row("name", "Alexandra", "city", 3_000_000_000L))))
                .errors())
        .isZero();
    assertThat(
            rows(
                "SELECT name, city FROM $s.sat_person WHERE record_source <> 'SYSTEM'"
                    + " ORDER BY load_dts"))
        .containsExactly("Alex|7", "Alexandra|3000000000");
  }

  @org.junit.jupiter.api.Test
  void aTypeChangedToAnotherKindIsRefusedNamingTheColumn() throws Exception {
    schema = newSchema();
    open(ModelLoader.parse(typedModel("varchar(5)", "integer"), "before"), true).close();
    VaultModel other = ModelLoader.parse(typedModel("varchar(5)", "date"), "after");
    assertThatThrownBy(() -> open(other, true))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("The column city of vault table")
        .hasMessageContaining("the model declares it date")
        .hasMessageContaining("only to a wider type of the same kind");
  }
}
