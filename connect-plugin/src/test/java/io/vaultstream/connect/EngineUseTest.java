package io.vaultstream.connect;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.waiting.WaitingHeldSize;
import io.vaultstream.write.ColumnLimits;
import org.junit.jupiter.api.Test;

/**
 * The Connect adapter uses the engine through its public vocabulary (engine, event, model, decode)
 * and a few named classes; the engine's internals (planning, writing, waiting rows, the key map,
 * SQL) stay the engine's, so that they can change without the adapter.
 */
class EngineUseTest {
  @Test
  void theAdapterUsesOnlyTheEnginesPublicPackages() {
    JavaClasses adapter =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("io.vaultstream.connect");
    noClasses()
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.vaultstream..")
                .and(
                    not(
                        resideInAnyPackage(
                            "io.vaultstream.connect..",
                            "io.vaultstream.engine",
                            "io.vaultstream.event",
                            "io.vaultstream.model",
                            "io.vaultstream.decode")))
                .and(
                    not(
                        belongToAnyOf(
                            // which URL a dialect takes (validation) and passwords hidden in
                            // URLs, a value's canonical text
                            // (Connect values), the memory estimate of held events (batch bytes)
                            // and the default column limits (the keys' defaults)
                            Dialects.class,
                            MaskedUrl.class,
                            CanonicalText.class,
                            WaitingHeldSize.class,
                            ColumnLimits.class))))
        .because("the adapter converts, delegates and translates; the engine decides")
        .check(adapter);
  }
}
