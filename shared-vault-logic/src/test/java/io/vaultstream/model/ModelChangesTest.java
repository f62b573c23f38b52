package io.vaultstream.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.testing.Samples;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a new model version changes in a vault loaded with the previous one. */
class ModelChangesTest {
  private static String shop() throws Exception {
    return Files.readString(Samples.shopModel());
  }

  private static List<ModelChanges.Change> changes(String before, String after) {
    return ModelChanges.between(ModelLoader.parse(before, "old"), ModelLoader.parse(after, "new"));
  }

  @Test
  void theSameModelChangesNothing() throws Exception {
    assertThat(changes(shop(), shop())).isEmpty();
  }

  @Test
  void aNewBusinessKeyOrProfileReKeysAndIsBreaking() throws Exception {
    String rekeyed =
        shop()
            .replace(
                "\"businessKey\": [\"customer_no\"], \"sources\": { \"customers\": [\"customer_no\"] }",
                "\"businessKey\": [\"email\"], \"sources\": { \"customers\": [\"email\"] }");
    assertThat(changes(shop(), rekeyed))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.table()).isEqualTo("hub_customer");
              assertThat(c.breaking()).isTrue();
              assertThat(c.message()).contains("every key changes");
            });
    String profile =
        shop().replace("\"profile\": \"automate-dv\"", "\"profile\": \"datavault4dbt\"");
    assertThat(changes(shop(), profile))
        .singleElement()
        .satisfies(c -> assertThat(c.message()).contains("automate-dv/MD5/hex to datavault4dbt"));
  }

  @Test
  void aColumnRemovedReHashesAndAColumnAddedDoesNot() throws Exception {
    String before = shop();
    String added =
        before.replace(
            "\"columns\": [\"name\", \"email\", \"city\", \"updated_at\"]",
            "\"columns\": [\"name\", \"phone\", \"email\", \"city\", \"updated_at\"]");
    assertThat(changes(before, added))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.breaking()).isFalse();
              assertThat(c.message()).contains("[phone]").contains("no new version");
            });
    String removed =
        before.replace(
            "\"columns\": [\"name\", \"email\", \"city\", \"updated_at\"]",
            "\"columns\": [\"name\", \"email\", \"updated_at\"]");
    assertThat(changes(before, removed))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.table()).isEqualTo("sat_customer");
              assertThat(c.breaking()).isTrue();
              assertThat(c.message()).contains("[city]").contains("every hash diff changes");
            });
  }
}
