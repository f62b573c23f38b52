package io.vaultstream.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The options of {@link SparkBenchmark}, given as {@code --name=value} (benchmarks/spark.sh passes
 * them as one string). Options the benchmark does not know go to the job unchanged.
 */
final class SparkBenchOptions {
  private static final Pattern SCHEMA = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  int events = 200_000;
  int warmup;
  String maxOffsets;
  String queries;

  /** A broker whose shop topics are the input, as found; null: the benchmark's own broker. */
  String bootstrap;

  /**
   * With {@link #bootstrap}: how many times the topics are loaded, at most 3 (a fresh job, a
   * running one, a running one with one query for every topic).
   */
  int loads = 2;

  /** A PostgreSQL of one's own; null: an embedded PostgreSQL started by the benchmark. */
  String jdbcUrl;

  /** The benchmark's own schema, dropped before the run. */
  String schema = "bench_spark";

  /** From the pass-through {@code --jdbc-user} / {@code --jdbc-password}, for our own queries. */
  String jdbcUser;

  String jdbcPassword;

  /** Job arguments passed through, e.g. {@code --batch-size=N}, {@code --kafka.<name>=value}. */
  final List<String> extra = new ArrayList<>();

  static SparkBenchOptions parse(String[] args) {
    SparkBenchOptions o = new SparkBenchOptions();
    for (String a : String.join(" ", args).trim().split("\\s+")) {
      if (a.isEmpty()) {
        continue;
      }
      int eq = a.indexOf('=');
      if (!a.startsWith("--") || eq < 3) {
        throw new IllegalArgumentException(
            "unexpected argument '" + a + "': the benchmark's arguments are --name=value");
      }
      String name = a.substring(2, eq);
      String value = a.substring(eq + 1);
      switch (name) {
        case "events" -> o.events = number(name, value, 1);
        case "warmup-events" -> o.warmup = number(name, value, 0);
        case "max-offsets-per-trigger" -> o.maxOffsets = String.valueOf(number(name, value, 1));
        case "queries" -> o.queries = value;
        case "bootstrap-servers" -> o.bootstrap = value;
        case "loads" -> o.loads = number(name, value, 1);
        case "jdbc-url" -> o.jdbcUrl = jdbcUrl(value);
        case "schema" -> o.schema = schema(value);
        default -> {
          if (name.equals("jdbc-user")) {
            o.jdbcUser = value;
          } else if (name.equals("jdbc-password")) {
            o.jdbcPassword = value;
          }
          o.extra.add(a);
        }
      }
    }
    return o;
  }

  private static int number(String name, String value, int min) {
    try {
      int n = Integer.parseInt(value.replace("_", "").replace(",", ""));
      if (n >= min) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "--" + name + " must be a whole number of at least " + min + ", not '" + value + "'");
  }

  private static String jdbcUrl(String value) {
    if (!value.startsWith("jdbc:postgresql:")) {
      throw new IllegalArgumentException(
          "--jdbc-url must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/database?user=...),"
              + " not '"
              + mask(value)
              + "'");
    }
    return value;
  }

  private static String schema(String value) {
    String s = value.toLowerCase(Locale.ROOT);
    if (!SCHEMA.matcher(s).matches()
        || s.equals("public")
        || s.startsWith("pg_")
        || s.equals("information_schema")) {
      throw new IllegalArgumentException(
          "--schema must name a schema of the benchmark's own (it is dropped before the run):"
              + " lower-case letters, digits and '_', not public or a system schema; got '"
              + value
              + "'");
    }
    return s;
  }

  /** The URL with its password hidden. */
  static String mask(String url) {
    return url.replaceAll("(?i)(password=)[^&;]*", "$1***")
        .replaceAll("(//[^/:@?]+:)[^@/]*@", "$1***@");
  }
}
