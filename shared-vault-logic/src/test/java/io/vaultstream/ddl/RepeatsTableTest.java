package io.vaultstream.ddl;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.dialect.postgres.PostgresDialect;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import org.junit.jupiter.api.Test;

/**
 * Every table whose history the writer merges remembers repeats: status and effectivity satellites
 * too, also in a model without other satellites or reference tables.
 */
class RepeatsTableTest {

  @Test
  void aModelWithOnlyAStatusSatelliteHasTheRepeatsTable() {
    VaultModel m =
        ModelLoader.parse(
            """
            { "name": "status", "recordSource": "SRC",
              "sources": { "people": { "topic": "src.people", "primaryKey": ["id"] } },
              "hubs": { "hub_person": { "hashKey": "person_hk", "businessKey": ["person_no"],
                                        "sources": { "people": ["person_no"] } } },
              "statusSatellites": {
                "sts_person": { "parent": "hub_person", "source": "people" } } }
            """,
            "status");
    assertThat(m.statusSatellites()).containsKey("sts_person");
    assertThat(new VaultTables(m, new PostgresDialect(), new HashKeyCalculator(m.hashing())).all())
        .containsKey(VaultTables.REPEATS);
  }
}
