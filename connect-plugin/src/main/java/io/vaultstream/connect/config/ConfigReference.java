package io.vaultstream.connect.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.kafka.common.config.ConfigDef;

/** Renders the configuration reference (docs/CONNECT-CONFIG.md) from the ConfigDef. */
public final class ConfigReference {
  private ConfigReference() {}

  /** The reference as Markdown, keys grouped and ordered as in the ConfigDef. */
  public static String markdown() {
    StringBuilder sb = new StringBuilder();
    sb.append("# Kafka Connect configuration reference\n\n")
        .append(
            "Generated from `VaultSinkConfig` by `ConfigReference`; a test fails when this file is stale.\n")
        .append(
            "Regenerate with `mvn -pl connect-plugin -am test -Dtest=ConfigReferenceTest -Dsurefire.failIfNoSpecifiedTests=false -Dvaultstream.updateDocs=true`.\n\n")
        .append(
            "Besides these keys the connector takes Kafka Connect's own (`topics` or `topics.regex`, `tasks.max`,\n")
        .append("converters, `errors.tolerance`, `errors.deadletterqueue.*`).\n\n")
        .append(
            "A record the loader cannot load (a bad record, a null business key, a value the database refuses)\n")
        .append(
            "always becomes a row of the vault's error table `vs_errors`, and its partition loads on. It also\n")
        .append(
            "goes to Connect's dead letter queue and error log (`errors.deadletterqueue.topic.name`,\n")
        .append(
            "`errors.log.enable`) only with `errors.tolerance=all`: under the default `none` Connect's reporter\n")
        .append(
            "would fail the task on the first such record, so the loader does not report to it (and the\n")
        .append(
            "connector logs a warning at start when a dead letter queue or error log is configured without\n")
        .append(
            "`all`). Records the worker's converter cannot read are Connect's: with `none` they fail the task.\n");
    List<ConfigDef.ConfigKey> keys = new ArrayList<>(VaultSinkConfig.CONFIG.configKeys().values());
    for (String group : VaultSinkConfig.CONFIG.groups()) {
      group(sb, group, keys);
    }
    otherSinks(sb);
    return sb.toString();
  }

  /** One group's keys as a table, in their order. */
  private static void group(StringBuilder sb, String group, List<ConfigDef.ConfigKey> keys) {
    sb.append("\n## ").append(group).append("\n\n");
    sb.append(
        "| key | type | default | valid values | importance | description |\n|---|---|---|---|---|---|\n");
    keys.stream()
        .filter(k -> group.equals(k.group))
        .sorted(Comparator.comparingInt(k -> k.orderInGroup))
        .forEach(
            k ->
                sb.append("| `")
                    .append(k.name)
                    .append("` | ")
                    .append(k.type.name().toLowerCase(java.util.Locale.ROOT))
                    .append(" | ")
                    .append(defaultText(k))
                    .append(" | ")
                    .append(k.validator == null ? "" : cell(k.validator.toString()))
                    .append(" | ")
                    .append(k.importance.name().toLowerCase(java.util.Locale.ROOT))
                    .append(" | ")
                    .append(cell(k.documentation))
                    .append(" |\n"));
  }

  /** The keys of other JDBC sinks, with why each does not apply. */
  private static void otherSinks(StringBuilder sb) {
    sb.append("\n## Keys of other JDBC sinks that do not apply\n\n")
        .append(
            "Configurations written for another JDBC sink often carry these keys. The vault model"
                + " decides the\ntables, their keys and their history, so the connector has no"
                + " such settings: it ignores\nthe keys, and logs a warning"
                + " saying why for each one it is given.\n\n")
        .append("| key | why it does not apply |\n|---|---|\n");
    for (OtherSinkSettings.Entry e : OtherSinkSettings.ALL) {
      sb.append("| ")
          .append(String.join(", ", e.keys().stream().map(k -> "`" + k + "`").toList()))
          .append(" | ")
          .append(cell(e.reason()))
          .append(" |\n");
    }
  }

  private static String defaultText(ConfigDef.ConfigKey k) {
    if (!k.hasDefault()) {
      return "required";
    }
    if (k.defaultValue == null) {
      return "null";
    }
    String v = String.valueOf(k.defaultValue);
    return v.isEmpty() ? "\"\"" : "`" + v + "`";
  }

  private static String cell(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }
}
