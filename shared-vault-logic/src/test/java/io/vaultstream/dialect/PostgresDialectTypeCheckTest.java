package io.vaultstream.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.ddl.DdlScript;
import io.vaultstream.dialect.postgres.PostgresDialect;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The dialect refuses a column type outside the grammar on every path that pastes one into SQL (a
 * model that bypassed validation), and legal types give exactly the DDL they gave before.
 */
class PostgresDialectTypeCheckTest {
  private static final String INJECTION =
      "text); DROP TABLE public.victim; CREATE TABLE public.decoy (y text";
  private final PostgresDialect d = new PostgresDialect();

  private static final String TYPES_MODEL =
      """
      { "name": "types", "hashing": { "profile": "datavault4dbt", "algorithm": "SHA-256" },
        "sources": { "things": { "topic": "t.things", "primaryKey": ["id"],
          "columns": { "id": "bigint", "code": "varchar(20)", "a": "smallint", "b": "INT",
                       "c": "int8", "d": "real", "e": "double precision", "f": "float8",
                       "g": "numeric", "h": "NUMERIC ( 12 , 2 )", "i": "decimal(7)",
                       "j": "text", "k": "character varying(40)", "l": "char(3)", "m": "boolean",
                       "n": "date", "o": "time", "p": "time(3) with time zone", "q": "timetz",
                       "r": "timestamp(0) without time zone", "s": "timestamptz(6)",
                       "t": "timestamp with time zone", "u": "bytea", "v": "uuid",
                       "w": "json", "x": "jsonb", "y": "bool", "z": "character" } },
          "kinds": { "topic": "t.kinds", "primaryKey": ["kind"],
                     "columns": { "kind": "char(2)", "label": "varchar(100)" } } },
        "hubs": { "hub_thing": { "hashKey": "thing_hk", "businessKey": ["code"],
                                 "sources": { "things": ["code"] } } },
        "satellites": { "sat_thing": { "parent": "hub_thing", "source": "things" } },
        "nonHistorizedLinks": { "nhl_thing": { "hashKey": "nhl_thing_hk", "source": "things",
            "hubs": [ { "hub": "hub_thing" } ], "dependentChildKey": ["id"],
            "columns": ["h", "s", "u"] } },
        "referenceTables": { "ref_kind": { "source": "kinds", "code": ["kind"] } } }
      """;

  @Test
  void legalTypesGiveTheSameDdlAsBefore() throws IOException {
    VaultModel m = ModelLoader.parse(TYPES_MODEL, "types");
    String ddl =
        String.join(
                ";\n\n", DdlScript.statements(m, d, new HashKeyCalculator(m.hashing()), "vault"))
            + ";\n";
    assertThat(ddl).isEqualTo(golden("declared-types.sql"));
  }

  @Test
  void refusesAnUncheckedTypeNamingIt() {
    assertThatThrownBy(() -> d.checkedType(INJECTION))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'text); DROP TABLE public.victim; CREATE TABLE public.decoy (")
        .hasMessageContaining("numeric[(p[,s])]");
    assertThatThrownBy(() -> d.checkedType(null)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> d.checkedType("text COLLATE \"C\"; DROP TABLE x"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void acceptsItsOwnTypesAndTypeNamesTheDatabaseReports() {
    for (String t :
        List.of(
            d.hashType(32, false),
            d.hashType(64, true),
            d.keyTextType(),
            d.identityType(),
            d.timestampType(),
            "timestamp without time zone",
            "character varying",
            "interval",
            "inet")) {
      assertThat(d.checkedType(t)).isEqualTo(t);
    }
  }

  @Test
  void everyPathThatPastesATypeRefusesIt() {
    ColumnSpec bad = new ColumnSpec("amount", INJECTION, false);
    TableSpec t =
        new TableSpec(
            "sat_x",
            TableKind.SATELLITE,
            List.of(new ColumnSpec("x_hk", d.hashType(32, false), true), bad),
            List.of("x_hk"),
            false);
    assertThatThrownBy(() -> d.createTable("vault", t))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("DROP TABLE");
    assertThatThrownBy(() -> d.addColumn("vault", "sat_x", bad))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> d.insertNew("vault", t, List.of("x_hk", "amount"), null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> d.literal("1", INJECTION))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aModelThatBypassedValidationBuildsNoTables() {
    VaultModel valid = ModelLoader.parse(TYPES_MODEL, "types");
    SourceTable s = valid.sources().get("things");
    Map<String, String> cols = new LinkedHashMap<>(s.columns());
    cols.put("j", INJECTION);
    Map<String, SourceTable> sources = new LinkedHashMap<>(valid.sources());
    sources.put(
        "things", new SourceTable(s.name(), s.topic(), s.primaryKey(), s.foreignKeys(), cols));
    VaultModel bypassed =
        new VaultModel(
            valid.name(),
            valid.recordSource(),
            valid.hashing(),
            valid.naming(),
            sources,
            valid.hubs(),
            valid.links(),
            valid.satellites(),
            valid.referenceTables());
    assertThatThrownBy(
            () -> DdlScript.statements(bypassed, d, new HashKeyCalculator(bypassed.hashing()), "v"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("DROP TABLE");
  }

  private static String golden(String name) throws IOException {
    try (InputStream in =
        PostgresDialectTypeCheckTest.class.getResourceAsStream("/golden/" + name)) {
      assertThat(in).as("golden file " + name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
