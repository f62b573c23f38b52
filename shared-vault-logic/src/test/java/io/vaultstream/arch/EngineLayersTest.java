package io.vaultstream.arch;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The engine's packages form layers whose dependencies point down only: the neutral vocabulary
 * (events, tables, the model) at the bottom, the public {@code VaultLoader} API at the top, so that
 * each concern (waiting rows, the key map, dialect SQL) lives in one place and can change without
 * the packages above it changing.
 */
class EngineLayersTest {
  private static JavaClasses engine;

  @BeforeAll
  static void importEngine() {
    engine =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.vaultstream");
  }

  @Test
  void packagesAreFreeOfCycles() {
    slices().matching("io.vaultstream.(*)..").should().beFreeOfCycles().check(engine);
  }

  @Test
  void dependenciesPointDownTheLayers() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("vocabulary")
        .definedBy("io.vaultstream.event..", "io.vaultstream.table..", "io.vaultstream.model..")
        .layer("basics")
        .definedBy("io.vaultstream.hash..", "io.vaultstream.decode..", "io.vaultstream.dialect..")
        .layer("structure")
        .definedBy("io.vaultstream.ddl..", "io.vaultstream.keymap..")
        .layer("plan")
        .definedBy("io.vaultstream.plan..")
        .layer("writes")
        .definedBy("io.vaultstream.write..", "io.vaultstream.error..")
        .layer("waiting")
        .definedBy("io.vaultstream.waiting..")
        .layer("api")
        .definedBy("io.vaultstream.engine..")
        .whereLayer("api")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("waiting")
        .mayOnlyBeAccessedByLayers("api")
        .whereLayer("writes")
        .mayOnlyBeAccessedByLayers("waiting", "api")
        .whereLayer("plan")
        .mayOnlyBeAccessedByLayers("writes", "waiting", "api")
        .whereLayer("structure")
        .mayOnlyBeAccessedByLayers("plan", "writes", "waiting", "api")
        .whereLayer("basics")
        .mayOnlyBeAccessedByLayers("structure", "plan", "writes", "waiting", "api")
        .check(engine);
  }
}
