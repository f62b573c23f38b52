package io.vaultstream.connect.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/CONNECT-CONFIG.md must be what the ConfigDef says; the build fails when it is stale. */
class ConfigReferenceTest {
  @Test
  void theReferenceInDocsIsCurrent() throws Exception {
    Path doc = Path.of("..", "docs", "CONNECT-CONFIG.md");
    String generated = ConfigReference.markdown();
    if (Boolean.getBoolean("vaultstream.updateDocs")) {
      Files.writeString(doc, generated);
    }
    assertThat(Files.exists(doc)).as("docs/CONNECT-CONFIG.md exists").isTrue();
    assertThat(Files.readString(doc))
        .as("docs/CONNECT-CONFIG.md is stale; regenerate it as its first lines say")
        .isEqualTo(generated);
  }

  @Test
  void theReferenceStatesItsRulesWithoutPointingElsewhere() {
    assertThat(ConfigReference.markdown()).doesNotContain("SPEC");
  }

  @Test
  void everyKeyHasDocumentationAGroupAndAnOrder() {
    VaultSinkConfig.CONFIG
        .configKeys()
        .values()
        .forEach(
            k -> {
              assertThat(k.documentation).as(k.name).isNotBlank();
              assertThat(k.group).as(k.name).isNotBlank();
              assertThat(k.orderInGroup).as(k.name).isPositive();
            });
  }
}
