package io.vaultstream.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The engine must stay free of Kafka and Spark so both runtimes can share it. */
class EngineIndependenceTest {
  @Test
  void engineImportsNeitherKafkaNorSpark() {
    JavaClasses engine =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.vaultstream");
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.apache.kafka..", "org.apache.spark..", "scala..")
        .because("the engine is shared by the Connect and Spark runtimes")
        .check(engine);
  }
}
