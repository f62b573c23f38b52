package io.vaultstream.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vaultstream.ddl.VaultTables;
import io.vaultstream.error.ErrorTable;
import io.vaultstream.event.StoredText;
import java.io.PrintWriter;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code vaultstream errors list}: the error rows, one line each, or one row in full. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {
      "Lists error rows, oldest first, with a count per code.",
      "The table shows each message on one line, long ones cut with \u2026; --id N shows one row"
          + " with its full message, --format json every message in full."
    })
final class ListErrorsCommand implements Callable<Integer> {
  /** Characters of a message the table shows before cutting it. */
  static final int MESSAGE_WIDTH = 100;

  /** "…" where the output can show it (a UTF-8 terminal), else three dots. */
  private static final String ELLIPSIS =
      java.nio.charset.Charset.defaultCharset().newEncoder().canEncode('\u2026') ? "\u2026" : "...";

  @Spec CommandSpec spec;
  @Mixin VaultConnection target = new VaultConnection();
  @Mixin ErrorsCommand.Filters filters = new ErrorsCommand.Filters();

  @Option(
      names = "--limit",
      defaultValue = "50",
      description = "At most this many rows (default: ${DEFAULT-VALUE}).")
  int limit;

  @Option(
      names = "--format",
      defaultValue = "table",
      description = "table or json (default: ${DEFAULT-VALUE}).")
  OutputFormat format;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (Connection c = target.connect()) {
      String schema = target.schema(c, spec.commandLine().getErr());
      target.require(c, schema, VaultTables.ERRORS);
      ErrorTable table = new ErrorTable(target.dialect(), schema);
      List<String[]> counts = table.countByCode(c, filters.filter());
      List<ErrorTable.Row> rows =
          counts.isEmpty() ? List.of() : table.list(c, filters.filter(), limit);
      if (format == OutputFormat.json) {
        out.println(json(schema, counts, rows));
      } else if (counts.isEmpty()) {
        out.printf(
            "No error rows in %s.vs_errors%s.%n",
            schema, filters.filter().isEmpty() ? "" : " matching the filters");
      } else if (filters.id != null) {
        detail(out, rows.get(0));
      } else {
        table(out, counts, rows);
      }
    }
    return 0;
  }

  private static void table(PrintWriter out, List<String[]> counts, List<ErrorTable.Row> rows) {
    String line = "%-6s %-21s %-14s %-20s %-30s %-8s %-22s %s%n";
    out.printf(
        line, "ID", "CODE", "SOURCE", "TARGET", "POSITION", "ATTEMPTS", "FIRST SEEN", "MESSAGE");
    for (ErrorTable.Row r : rows) {
      out.printf(
          line,
          r.id(),
          r.code(),
          r.source(),
          r.target(),
          position(r),
          r.attempts(),
          seconds(r.firstSeen()),
          printable(oneLine(r.message(), MESSAGE_WIDTH)));
    }
    long total = 0;
    StringBuilder by = new StringBuilder();
    for (String[] cnt : counts) {
      total += Long.parseLong(cnt[1]);
      by.append(by.length() == 0 ? "" : ", ").append(cnt[0]).append(' ').append(cnt[1]);
    }
    out.printf(
        "%d error row(s) (%s)%s%n",
        total, by, rows.size() < total ? "; showing the first " + rows.size() : "");
  }

  private static void detail(PrintWriter out, ErrorTable.Row r) {
    out.printf("id:          %d%n", r.id());
    out.printf("code:        %s%n", r.code());
    out.printf("source:      %s%n", r.source());
    out.printf("target:      %s%n", r.target());
    out.printf("position:    %s%n", position(r));
    out.printf("attempts:    %d%n", r.attempts());
    out.printf("first seen:  %s%n", r.firstSeen());
    out.printf("expires at:  %s%n", r.expiresAt());
    // Escaped again when printed: rows written by earlier versions may hold terminal controls.
    out.printf("message:%n%s%n", printable(r.message()));
  }

  private static String json(String schema, List<String[]> counts, List<ErrorTable.Row> rows)
      throws Exception {
    ObjectNode doc = JsonNodeFactory.instance.objectNode();
    doc.put("schema", schema);
    long total = 0;
    ObjectNode byCode = doc.putObject("countByCode");
    for (String[] cnt : counts) {
      byCode.put(cnt[0], Long.parseLong(cnt[1]));
      total += Long.parseLong(cnt[1]);
    }
    doc.put("total", total);
    ArrayNode list = doc.putArray("rows");
    for (ErrorTable.Row r : rows) {
      list.addObject()
          .put("id", r.id())
          .put("code", r.code())
          .put("source", r.source())
          .put("target", r.target())
          .put("topic", r.topic())
          .put("partition", r.partition())
          .put("offset", r.offset())
          .put("attempts", r.attempts())
          .put("firstSeen", r.firstSeen())
          .put("expiresAt", r.expiresAt())
          .put("message", r.message());
    }
    return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(doc);
  }

  private static String position(ErrorTable.Row r) {
    return r.topic() + "/" + r.partition() + "@" + r.offset();
  }

  private static String seconds(String timestamp) {
    return timestamp == null ? "" : timestamp.replaceAll("\\.\\d+", "");
  }

  /** The text on one line (line breaks and tabs as spaces), cut to {@code width} with "…". */
  static String oneLine(String text, int width) {
    if (text == null) {
      return "";
    }
    String flat = text.replaceAll("[\\r\\n\\t]+", " ").strip();
    return flat.length() <= width ? flat : flat.substring(0, width - ELLIPSIS.length()) + ELLIPSIS;
  }

  /**
   * A stored text as a terminal may print it: control characters other than line breaks and tabs
   * (an escape sequence above all) written as {@code \\uXXXX}.
   */
  private static String printable(String text) {
    if (text == null) {
      return null;
    }
    StringBuilder sb = new StringBuilder(text.length());
    for (String part : text.split("(?<=[\\n\\r\\t])|(?=[\\n\\r\\t])", -1)) {
      sb.append(
          part.length() == 1 && "\n\r\t".contains(part) ? part : StoredText.escape(part, false));
    }
    return sb.toString();
  }
}
