package io.vaultstream.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Only the dialect packages know SQLSTATEs: the engine asks a dialect what a failure means ({@code
 * SqlStates}). A literal is inlined into the classes that use it, so this reads the sources rather
 * than the bytecode that ArchUnit sees.
 */
class SqlStateLiteralsTest {
  /** A five-character SQLSTATE in quotes ("23505", "42P01", "XX001"), or a class compared to. */
  private static final Pattern SQLSTATE =
      Pattern.compile(
          "\"(?=[0-9A-Z]*[0-9])[0-9A-Z]{5}\"|getSQLState\\(\\)\\s*\\.\\s*startsWith\\(\"");

  private static final Path SOURCES = Path.of("src/main/java/io/vaultstream");

  @Test
  void onlyDialectPackagesHoldSqlStateLiterals() throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        if (f.startsWith(SOURCES.resolve("dialect"))) {
          continue;
        }
        List<String> lines = Files.readAllLines(f);
        for (int i = 0; i < lines.size(); i++) {
          Matcher m = SQLSTATE.matcher(lines.get(i));
          if (m.find()) {
            found.add(SOURCES.relativize(f) + ":" + (i + 1) + ": " + lines.get(i).strip());
          }
        }
      }
    }
    assertThat(found).as("SQLSTATEs outside io.vaultstream.dialect").isEmpty();
  }

  @Test
  void theRuleSeesAnSqlStateLiteral() {
    assertThat(SQLSTATE.matcher("return \"42P01\".equals(state);").find()).isTrue();
    assertThat(SQLSTATE.matcher("e.getSQLState().startsWith(\"22\")").find()).isTrue();
    assertThat(SQLSTATE.matcher("String name = \"HELLO\";").find()).isFalse();
  }
}
