package io.vaultstream.spark;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.write.ColumnLimits;
import org.junit.jupiter.api.Test;

/**
 * The Spark adapter uses the engine through its public vocabulary (engine, event, model, decode)
 * and a named class; the engine's internals (planning, writing, waiting rows, the key map, SQL)
 * stay the engine's, so that they can change without the adapter.
 */
class EngineUseTest {
  @Test
  void theAdapterUsesOnlyTheEnginesPublicPackages() {
    JavaClasses adapter =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("io.vaultstream.spark");
    noClasses()
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.vaultstream..")
                .and(
                    not(
                        resideInAnyPackage(
                            "io.vaultstream.spark..",
                            "io.vaultstream.engine",
                            "io.vaultstream.event",
                            "io.vaultstream.model",
                            "io.vaultstream.decode")))
                // the default column limits (the arguments' defaults)
                .and(not(belongToAnyOf(ColumnLimits.class, MaskedUrl.class))))
        .because("the adapter converts, delegates and translates; the engine decides")
        .check(adapter);
  }
}
