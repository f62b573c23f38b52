package io.vaultstream.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@code validate --previous} must name besides keys and columns: a declared type changed to
 * another kind makes the loader refuse to start on the vault loaded with the previous model.
 */
class ModelChangesGapsTest {

  private static String model(String cityType) {
    return """
        { "name": "people", "recordSource": "SRC",
          "sources": { "people": { "topic": "src.people", "primaryKey": ["id"],
              "columns": { "id": "bigint", "person_no": "text", "name": "text", "city": "%s" } } },
          "hubs": { "hub_person": { "hashKey": "person_hk", "businessKey": ["person_no"],
                                    "sources": { "people": ["person_no"] } } },
          "satellites": { "sat_person": { "parent": "hub_person", "source": "people",
                                          "columns": ["name", "city"] } } }
        """
        .formatted(cityType);
  }

  private static List<ModelChanges.Change> changes(String before, String after) {
    return ModelChanges.between(ModelLoader.parse(before, "old"), ModelLoader.parse(after, "new"));
  }

  @Test
  void aDeclaredTypeChangedToAnotherKindIsNamed() {
    // The loader refuses to start on the vault ("the model declares it date"): validate says so.
    assertThat(changes(model("integer"), model("date")))
        .anySatisfy(
            c -> {
              assertThat(c.table()).isEqualTo("people");
              assertThat(c.message()).contains("city");
              assertThat(c.breaking()).isTrue();
            });
    // A wider type of the same kind is a note: the loader widens the column.
    assertThat(changes(model("integer"), model("bigint")))
        .singleElement()
        .satisfies(c -> assertThat(c.breaking()).isFalse());
    assertThat(changes(model("numeric(10)"), model("numeric(10,0)"))).isEmpty();
  }
}
