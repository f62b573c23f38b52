package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The built plugin zip as Confluent Hub and a user see it: the manifest's required fields, the
 * license files, the third-party list, the example connector and the links between its docs. (Run
 * by the plugin-path-it execution, after the zip is built.)
 */
class PluginArchiveIT {
  private static final String OWNER = "vaultstream";
  private static final String EXAMPLE = "connect-plugin/src/main/etc/vaultstream-shop.json";
  private static final String INSTALL_DIR = "/opt/connect-plugins/vaultstream";
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Path root;
  private static String version;
  private static String base;
  private static Map<String, byte[]> entries;

  @BeforeAll
  static void readZip() throws IOException {
    root = Path.of(System.getProperty("repository.root", ".."));
    version = System.getProperty("plugin.version", "missing-version");
    Path zip = Path.of(System.getProperty("plugin.zip", "target/missing.zip"));
    assertThat(zip).as("the plugin zip the package phase builds").isRegularFile();
    entries = unzip(zip);
    base = OWNER + "-vaultstream-" + version + "/";
  }

  @Test
  void everythingIsUnderOneDirectoryNamedOwnerNameVersion() {
    assertThat(entries.keySet()).isNotEmpty().allMatch(name -> name.startsWith(base));
  }

  @Test
  void theManifestHasEveryFieldConfluentHubRequires() throws IOException {
    JsonNode m = manifest();
    assertThat(text(m, "name")).isEqualTo("vaultstream");
    assertThat(text(m, "version")).isEqualTo(version);
    assertThat(text(m, "title")).isNotBlank();
    assertThat(text(m, "description")).isNotBlank();
    assertThat(text(m.path("owner"), "username")).isEqualTo(OWNER);
    assertThat(text(m.path("owner"), "type")).isIn("user", "organization");
    assertThat(strings(m, "component_types")).isNotEmpty().containsOnly("sink");
    assertThat(m.path("license").isArray() && !m.path("license").isEmpty())
        .as("license is a non-empty array")
        .isTrue();
    for (JsonNode license : m.path("license")) {
      assertThat(text(license, "name")).isNotBlank();
      assertThat(text(license, "url")).startsWith("https://");
    }
    assertThat(LocalDate.parse(text(m, "release_date"))).isAfter(LocalDate.of(2025, 12, 31));
    assertThat(text(m.path("support"), "summary")).isNotBlank();
    assertThat(strings(m.path("features"), "delivery_guarantee"))
        .isNotEmpty()
        .isSubsetOf("at_least_once", "exactly_once");
    assertThat(strings(m, "tags")).isNotEmpty();
    assertThat(strings(m, "requirements")).isNotEmpty();
  }

  @Test
  void theManifestLeavesNoPropertyUnfilteredAndStatesTheLicense() throws IOException {
    String manifest = new String(entry("manifest.json"), StandardCharsets.UTF_8);
    assertThat(manifest).doesNotContain("${");
    assertThat(text(manifest().path("license").path(0), "name")).isEqualTo("Apache License 2.0");
  }

  @Test
  void exactlyOnceIsClaimedOnlyWithTheReasonWhy() throws IOException {
    JsonNode m = manifest();
    assertThat(strings(m.path("features"), "delivery_guarantee")).containsExactly("exactly_once");
    assertThat(text(m, "description"))
        .contains("in one database transaction")
        .contains("on partition assignment");
  }

  @Test
  void docHoldsTheLicenseNoticeAndThirdPartyListOfTheRepository() throws IOException {
    for (String file : List.of("LICENSE", "NOTICE", "THIRD-PARTY.md")) {
      assertThat(entry("doc/" + file))
          .as("doc/" + file + " is the repository's " + file)
          .isEqualTo(Files.readAllBytes(root.resolve(file)));
    }
    assertThat(new String(entry("doc/LICENSE"), StandardCharsets.UTF_8))
        .contains("Apache License", "Version 2.0, January 2004", "END OF TERMS AND CONDITIONS");
    assertThat(new String(entry("doc/NOTICE"), StandardCharsets.UTF_8))
        .startsWith("vaultstream\n")
        .contains("The vaultstream authors");
  }

  @Test
  void everyBundledJarIsListedWithItsVersionInThirdParty() throws IOException {
    String thirdParty = Files.readString(root.resolve("THIRD-PARTY.md"));
    String zipSection = thirdParty.substring(0, thirdParty.indexOf("## Spark job jar"));
    Pattern jar = Pattern.compile(Pattern.quote(base) + "lib/(.+)-(\\d[^-]*)\\.jar");
    List<String> bundled = new ArrayList<>();
    for (String name : entries.keySet()) {
      Matcher m = jar.matcher(name);
      if (m.matches()
          && !Set.of("shared-vault-logic", "vaultstream-connect").contains(m.group(1))) {
        bundled.add(m.group(1) + " " + m.group(2));
        assertThat(zipSection)
            .as("THIRD-PARTY.md lists " + m.group(1) + " " + m.group(2) + " in the zip's section")
            .contains(":" + m.group(1) + "` | " + m.group(2) + " |");
      }
    }
    assertThat(bundled).hasSizeGreaterThan(5);
    assertThat(bundled).noneMatch(j -> j.startsWith("mysql"));
  }

  @Test
  void theMariaDbDriverShipsAsItsOwnUnmodifiedJarWithItsLicense() throws IOException {
    String driver = "mariadb-java-client-" + System.getProperty("mariadb.version", "missing");
    byte[] jar = entry("lib/" + driver + ".jar");
    Path original =
        Path.of(System.getProperty("mariadb.jar", "target/missing-mariadb-java-client.jar"));
    assertThat(jar)
        .as("lib/" + driver + ".jar is the jar Maven Central publishes, byte for byte")
        .isEqualTo(Files.readAllBytes(original));
    String thirdParty = new String(entry("doc/THIRD-PARTY.md"), StandardCharsets.UTF_8);
    assertThat(thirdParty)
        .contains("| `org.mariadb.jdbc:mariadb-java-client` | ")
        .contains("LGPL-2.1-or-later")
        .contains("GNU LESSER GENERAL PUBLIC LICENSE", "Version 2.1, February 1999");
    assertThat(new String(entry("doc/NOTICE"), StandardCharsets.UTF_8))
        .contains("MariaDB Connector/J");
  }

  @Test
  void theExampleConnectorIsTheRepositorysAndFindsTheModelWhereTheReadmeUnzipsIt()
      throws IOException {
    byte[] example = entry("etc/vaultstream-shop.json");
    assertThat(example).isEqualTo(Files.readAllBytes(root.resolve(EXAMPLE)));
    JsonNode config = JSON.readTree(example).path("config");
    String modelPath = text(config, "vault.model.path");
    assertThat(modelPath).startsWith(INSTALL_DIR + "/");
    assertThat(entries).containsKey(base + modelPath.substring(INSTALL_DIR.length() + 1));
    assertThat(text(config, "connection.password")).matches("\\$\\{file:/[^:}]+:password}");
  }

  /**
   * The README shows the essence of the shipped example: every setting it shows is the file's, with
   * the file's value, and it shows those a user must not leave out (the connector, its topics, the
   * converters, the database, the model, the error tolerance).
   */
  @Test
  void theReadmeShowsTheExampleAsShipped() throws IOException {
    String readme = Files.readString(root.resolve("README.md"));
    int at = readme.indexOf("The example, [`" + EXAMPLE + "`]");
    assertThat(at).as("README.md introduces the example file").isNotNegative();
    int open = readme.indexOf("```json\n", at) + "```json\n".length();
    JsonNode shown = JSON.readTree(readme.substring(open, readme.indexOf("```", open)));
    JsonNode shipped = JSON.readTree(entry("etc/vaultstream-shop.json"));
    assertThat(shown.path("name")).isEqualTo(shipped.path("name"));
    Map<String, String> shownConfig = new java.util.TreeMap<>();
    shown
        .path("config")
        .fields()
        .forEachRemaining(e -> shownConfig.put(e.getKey(), e.getValue().asText()));
    for (Map.Entry<String, String> e : shownConfig.entrySet()) {
      assertThat(shipped.path("config").path(e.getKey()).asText(null))
          .as("README's " + e.getKey() + " is the shipped file's")
          .isEqualTo(e.getValue());
    }
    assertThat(shownConfig)
        .containsKeys(
            "connector.class",
            "topics.regex",
            "key.converter",
            "value.converter",
            "connection.url",
            "connection.password",
            "vault.model.path",
            "errors.tolerance");
    assertThat(readme)
        .contains("mv /opt/connect-plugins/vaultstream-vaultstream-*/ " + INSTALL_DIR);
  }

  /**
   * The README and the docs in doc/ link to each other as in the repository: every relative link to
   * a Markdown file names a file the zip holds.
   */
  @Test
  void theDocsLinksToEachOtherHoldInTheZip() {
    Pattern link = Pattern.compile("\\]\\(([^)#\\s]+\\.md)(#[^)]*)?\\)");
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Map.Entry<String, byte[]> e : entries.entrySet()) {
      if (!e.getKey().startsWith(base + "doc/") || !e.getKey().endsWith(".md")) {
        continue;
      }
      Path dir = Path.of(e.getKey()).getParent();
      Matcher m = link.matcher(new String(e.getValue(), StandardCharsets.UTF_8));
      while (m.find()) {
        String target = m.group(1);
        if (target.contains("://")) {
          continue;
        }
        checked++;
        String resolved = dir.resolve(target).normalize().toString().replace('\\', '/');
        if (!entries.containsKey(resolved)) {
          broken.add(e.getKey().substring(base.length()) + " -> " + target);
        }
      }
    }
    assertThat(checked).as("links checked").isGreaterThan(20);
    assertThat(broken).as("links to files the zip lacks").isEmpty();
  }

  private static JsonNode manifest() throws IOException {
    return JSON.readTree(entry("manifest.json"));
  }

  private static byte[] entry(String path) {
    byte[] bytes = entries.get(base + path);
    assertThat(bytes).as(base + path + " in the zip").isNotNull();
    return bytes;
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    assertThat(value.isTextual()).as("'" + field + "' is a string in " + node).isTrue();
    return value.asText();
  }

  private static List<String> strings(JsonNode node, String field) {
    JsonNode value = node.path(field);
    assertThat(value.isArray()).as("'" + field + "' is an array in " + node).isTrue();
    List<String> out = new ArrayList<>();
    value.forEach(v -> out.add(v.asText()));
    return out;
  }

  private static Map<String, byte[]> unzip(Path zip) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    try (InputStream in = Files.newInputStream(zip);
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e = z.getNextEntry(); e != null; e = z.getNextEntry()) {
        if (!e.isDirectory()) {
          out.put(e.getName(), z.readAllBytes());
        }
      }
    }
    return out;
  }
}
