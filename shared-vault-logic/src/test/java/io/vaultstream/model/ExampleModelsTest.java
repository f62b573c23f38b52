package io.vaultstream.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.testing.Samples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every model shipped under examples/ is valid, as the docs that show them promise. */
class ExampleModelsTest {
  @Test
  void everyExampleModelIsValid() throws Exception {
    Path examples = Samples.shopModel().getParent().getParent();
    List<Path> models;
    try (Stream<Path> files = Files.walk(examples)) {
      models =
          files
              .filter(p -> p.getFileName().toString().matches("model\\.(json|ya?ml)"))
              .sorted()
              .toList();
    }
    assertThat(models)
        .extracting(p -> examples.relativize(p).toString())
        .contains("shop/model.json", "many-to-many/model.json", "library/model.json");
    for (Path m : models) {
      VaultModel model = ModelLoader.load(m); // throws, naming every problem, when invalid
      assertThat(model.sources()).as(m.toString()).isNotEmpty();
    }
  }
}
