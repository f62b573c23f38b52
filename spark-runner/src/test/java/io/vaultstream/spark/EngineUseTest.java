package io.vaultstream.spark;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.vaultstream.dialect.ColumnTypes;
import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.dialect.ValueTexts;
import io.vaultstream.dialect.VaultValues;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.keymap.KeyText;
import io.vaultstream.waiting.WaitingRow;
import io.vaultstream.waiting.WaitingRows;
import io.vaultstream.write.ColumnLimits;
import io.vaultstream.write.TextColumns;
import io.vaultstream.write.VaultShape;
import io.vaultstream.write.VaultStore;
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
        .that()
        .resideOutsideOfPackage("io.vaultstream.spark.lake..")
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

  /**
   * The lakehouse target is a target, as a dialect is: it builds the vault's tables from the
   * engine's table shapes and hashing, and implements the engine's store seams (the batch's store,
   * its vault rows, waiting rows and key map reads) in the engine's terms; it takes nothing else
   * below the public packages.
   */
  @Test
  void theLakehouseTargetUsesTheTableShapesAndNothingElseInternal() {
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
                            "io.vaultstream.decode",
                            "io.vaultstream.table",
                            "io.vaultstream.ddl",
                            "io.vaultstream.hash")))
                .and(
                    not(
                        belongToAnyOf(
                            ColumnTypes.class,
                            ValueTexts.class,
                            VaultValues.class,
                            EarliestWrite.Changed.class,
                            KeyMapReader.class,
                            KeyText.class,
                            VaultStore.class,
                            VaultStore.StoredRow.class,
                            VaultStore.RowReader.class,
                            TextColumns.class,
                            VaultShape.class,
                            WaitingRows.class,
                            WaitingRow.class,
                            WaitingRow.Table.class))))
        .because("a target writes the engine's tables; the engine plans what goes into them")
        .check(lakeTargetClasses());
  }

  /** The lakehouse target's own classes, without its tests and the jars. */
  private static JavaClasses lakeTargetClasses() {
    return new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
        .importPackages("io.vaultstream.spark.lake");
  }
}
