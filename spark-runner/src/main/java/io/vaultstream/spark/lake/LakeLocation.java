package io.vaultstream.spark.lake;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a vault's lakehouse tables are, and in which format: Delta tables in one directory per
 * table under a path ({@code --delta-path}: a Unity Catalog volume, cloud storage or a local disk),
 * or tables in a catalog's schema ({@code --delta-schema CATALOG.SCHEMA}, the metastore or Unity
 * Catalog; {@code --iceberg-schema CATALOG.SCHEMA}, an Iceberg catalog named by Spark settings),
 * created if absent.
 */
public sealed interface LakeLocation {

  /** The Spark SQL name of the vault table called {@code name}. */
  String table(String name);

  /** The statements that prepare the location (the schema, for a catalog). */
  List<String> prepare();

  /** The location as an operator reads it in logs and messages. */
  String describe();

  /** The format the tables are kept in. */
  LakeFormat format();

  /** Path-based tables: {@code DIR/<table name>}. */
  record Path(String dir) implements LakeLocation {
    public Path {
      if (dir == null || dir.isBlank()) {
        throw new IllegalArgumentException("The Delta path is empty");
      }
      dir = dir.endsWith("/") ? dir.substring(0, dir.length() - 1) : dir;
    }

    @Override
    public String table(String name) {
      return "delta." + quote(dir + "/" + name);
    }

    @Override
    public List<String> prepare() {
      return List.of();
    }

    @Override
    public String describe() {
      return "Delta tables under " + dir;
    }

    @Override
    public LakeFormat format() {
      return LakeFormat.DELTA;
    }
  }

  /** Tables of a catalog's schema: {@code CATALOG.SCHEMA} or {@code SCHEMA}. */
  record Catalog(String schema, LakeFormat format) implements LakeLocation {
    public Catalog {
      if (format == null) {
        throw new IllegalArgumentException("A catalog's tables need a format");
      }
      if (schema == null || schema.isBlank() || parts(schema, format).size() > 2) {
        throw new IllegalArgumentException(
            "The " + format.label() + " schema '" + schema + "' is not SCHEMA or CATALOG.SCHEMA");
      }
    }

    /** Delta tables of a catalog's schema. */
    public Catalog(String schema) {
      this(schema, LakeFormat.DELTA);
    }

    @Override
    public String table(String name) {
      return qualified() + "." + quote(name);
    }

    @Override
    public List<String> prepare() {
      return List.of("CREATE SCHEMA IF NOT EXISTS " + qualified());
    }

    @Override
    public String describe() {
      return format.label() + " tables in " + schema;
    }

    private String qualified() {
      List<String> out = new ArrayList<>();
      for (String p : parts(schema, format)) {
        out.add(quote(p));
      }
      return String.join(".", out);
    }

    private static List<String> parts(String schema, LakeFormat format) {
      List<String> out = new ArrayList<>();
      for (String p : schema.split("\\.", -1)) {
        if (p.isBlank()) {
          throw new IllegalArgumentException(
              "The " + format.label() + " schema '" + schema + "' has an empty part");
        }
        out.add(p.strip());
      }
      return out;
    }
  }

  /** A Spark SQL identifier in back-quotes, a back-quote inside doubled. */
  static String quote(String name) {
    return "`" + name.replace("`", "``") + "`";
  }
}
