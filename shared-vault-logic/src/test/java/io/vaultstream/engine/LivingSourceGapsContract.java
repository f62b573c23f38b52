package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A living vault opened again with the model it was created from: whatever type a source column
 * declares, the loader starts without changing the table and without refusing, and an unchanged row
 * that comes again writes no version.
 */
public abstract class LivingSourceGapsContract extends DatabaseContract {

  private VaultLoader open(VaultModel m, boolean autoEvolve) throws SQLException {
    return track(VaultLoader.open(m, db().options(schema).autoEvolve(autoEvolve).build()));
  }

  /** Every form a model may declare a source column's type in. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "smallint",
        "integer",
        "bigint",
        "real",
        "double precision",
        "float",
        "numeric",
        "numeric(10)",
        "numeric(12,2)",
        "decimal(5)",
        "text",
        "varchar",
        "varchar(40)",
        "varchar(20000)",
        "char",
        "char(3)",
        "char(300)",
        "boolean",
        "date",
        "time",
        "time(3)",
        "timetz",
        "timestamp",
        "timestamp(3)",
        "timestamptz",
        "timestamptz(6)",
        "bytea",
        "uuid",
        "json",
        "jsonb"
      })
  void anUnchangedModelReopensWithAutoEvolveOff(String type) throws Exception {
    schema = newSchema();
    VaultModel m = ModelLoader.parse(LivingSourceContract.typedModel(type, "integer"), "typed");
    open(m, true).close();
    // The same model, nothing changed: the vault must open as it is.
    assertThatCode(() -> open(m, false)).doesNotThrowAnyException();
  }

  private static ChangeEvent person(EventFactory ev, long t, int id, Map<String, Object> more) {
    Map<String, Object> r = new LinkedHashMap<>(row("id", (long) id, "person_no", "P" + id));
    r.putAll(more);
    return ev.event("people", "u", t, r);
  }

  private List<String> names() throws SQLException {
    return rows("SELECT name FROM $s.sat_person WHERE record_source <> 'SYSTEM' ORDER BY load_dts");
  }

  /** A varchar declared as text (or longer than MariaDB's longest VARCHAR) takes longer values. */
  @ParameterizedTest
  @ValueSource(strings = {"text", "varchar", "varchar(20000)"})
  void aVarcharWidenedToTextTakesLongerValues(String wide) throws Exception {
    schema = newSchema();
    VaultModel narrow =
        ModelLoader.parse(LivingSourceContract.typedModel("varchar(5)", "integer"), "narrow");
    VaultLoader loader = open(narrow, true);
    loader.load(List.of(person(new EventFactory(narrow), at(1), 1, row("name", "Alex"))));
    loader.close();

    VaultModel m = ModelLoader.parse(LivingSourceContract.typedModel(wide, "integer"), "wide");
    loader = open(m, true);
    assertThat(
            loader
                .load(List.of(person(new EventFactory(m), at(2), 1, row("name", "Alexandra"))))
                .errors())
        .isZero();
    assertThat(names()).containsExactly("Alex", "Alexandra");
  }

  /** A timestamp declared finer in the model keeps the finer part of new values. */
  @org.junit.jupiter.api.Test
  void aTimestampMadeFinerKeepsMicroseconds() throws Exception {
    schema = newSchema();
    VaultModel coarse =
        ModelLoader.parse(LivingSourceContract.typedModel("timestamp(3)", "integer"), "coarse");
    open(coarse, true).close();
    VaultModel fine =
        ModelLoader.parse(LivingSourceContract.typedModel("timestamp(6)", "integer"), "fine");
    VaultLoader loader = open(fine, true);
    assertThat(
            loader
                .load(
                    List.of(
                        person(
                            new EventFactory(fine),
                            at(2),
                            1,
                            row("name", "2026-01-02T03:04:05.123456"))))
                .errors())
        .isZero();
    assertThat(names()).singleElement().asString().contains("05.123456");
  }
}
