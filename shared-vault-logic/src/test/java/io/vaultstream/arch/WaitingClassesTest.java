package io.vaultstream.arch;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

/**
 * The classes of the waiting package refer to each other one way only (no class uses one that uses
 * it, directly or around a loop), so that each can be read, tested and changed from the classes
 * below it: the rows and held events at the bottom, the cycle that runs a flush's part at the top.
 */
class WaitingClassesTest {
  private static final String WAITING = "io.vaultstream.waiting";

  /** Each top-level class of the package, with its nested types, is one slice. */
  private static final SliceAssignment BY_CLASS =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
          if (!c.getPackageName().equals(WAITING)) {
            return SliceIdentifier.ignore();
          }
          String name = c.getName().substring(WAITING.length() + 1);
          int nested = name.indexOf('$');
          return SliceIdentifier.of(nested < 0 ? name : name.substring(0, nested));
        }

        @Override
        public String getDescription() {
          return "the top-level classes of " + WAITING;
        }
      };

  @Test
  void classesOfTheWaitingPackageAreFreeOfCycles() {
    JavaClasses waiting =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(WAITING);
    slices().assignedFrom(BY_CLASS).should().beFreeOfCycles().check(waiting);
  }
}
