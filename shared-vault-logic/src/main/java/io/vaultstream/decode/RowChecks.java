package io.vaultstream.decode;

import io.vaultstream.event.SourcePosition;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.model.ForeignKey;
import io.vaultstream.model.ReferenceTable;
import io.vaultstream.model.Satellite;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a decoded row against what the vault can hold, so a record that would fail a statement for
 * good (and with it every batch it is in) is a bad record instead: numbers whose text would be
 * unbounded, column names that cannot be PostgreSQL columns, keys too long for a btree index.
 */
final class RowChecks implements Serializable {
  private static final long serialVersionUID = 1L;

  /** PostgreSQL cuts identifiers to 63 bytes (NAMEDATALEN - 1). */
  static final int MAX_NAME_BYTES = 63;

  /**
   * The key text ({@code ["v1","v2"]}, as the key map stores it) of a primary key, foreign key or
   * reference code. A btree entry holds at most about 2,700 bytes (SQLSTATE 54000 beyond); 2,000
   * leaves room for the other columns of {@code vs_key_map}'s primary key and of the waiting and
   * error tables' reference index.
   */
  static final int MAX_KEY_BYTES = 2000;

  /** Source name to the vault tables that take their columns from its events. */
  private final Map<String, String> columnsBecome = new HashMap<>();

  /** Source name to the keys whose text goes into an index. */
  private final Map<String, List<Key>> keys = new HashMap<>();

  private record Key(String what, List<String> columns) implements Serializable {}

  /** The most characters of key text the target's key columns hold (MariaDB: VARCHAR(380)). */
  private final int maxKeyChars;

  RowChecks(VaultModel model) {
    this(model, Integer.MAX_VALUE);
  }

  RowChecks(VaultModel model, int maxKeyChars) {
    this.maxKeyChars = maxKeyChars;
    for (SourceTable s : model.sources().values()) {
      List<Key> k = new ArrayList<>();
      k.add(new Key("primary key " + s.primaryKey(), s.primaryKey()));
      for (Map.Entry<String, ForeignKey> fk : s.foreignKeys().entrySet()) {
        k.add(
            new Key(
                "foreign key '" + fk.getKey() + "' " + fk.getValue().columns(),
                fk.getValue().columns()));
      }
      List<String> takers = new ArrayList<>();
      for (ReferenceTable r : model.referenceTablesOf(s.name())) {
        k.add(new Key("code " + r.code() + " of " + r.name(), r.code()));
        if (r.columns() == null) {
          takers.add(r.name());
        }
      }
      for (Satellite sat : model.satellitesOf(s.name())) {
        if (sat.columns() == null) {
          takers.add(sat.name());
        }
      }
      keys.put(s.name(), List.copyOf(k));
      if (!s.declaresColumns() && !takers.isEmpty()) {
        columnsBecome.put(s.name(), String.join(", ", takers));
      }
    }
  }

  /** Refuses column names that would become vault columns and cannot be PostgreSQL columns. */
  void names(SourceTable source, Map<String, Object> row, SourcePosition at) {
    String targets = columnsBecome.get(source.name());
    if (targets == null) {
      return; // the model lists the columns it stores: other names never reach a table
    }
    for (String name : row.keySet()) {
      String problem = nameProblem(name, row.keySet());
      if (problem != null) {
        throw new DecodeException(
            at
                + ": source '"
                + source.name()
                + "' has "
                + problem
                + "; its columns become columns of "
                + targets
                + ", whose names must be 1 to "
                + MAX_NAME_BYTES
                + " bytes without NUL");
      }
    }
  }

  /** What makes {@code name}, one of a row's {@code names}, no vault column's name; or null. */
  private static String nameProblem(String name, Collection<String> names) {
    if (name.isEmpty()) {
      return "a column with an empty name";
    }
    if (name.indexOf('\0') >= 0) {
      return "a column '" + ValueText.shorten(name) + "' with a NUL character";
    }
    // Three bytes per char at most: only a long name needs counting.
    if (name.length() * 3 <= MAX_NAME_BYTES) {
      return null;
    }
    int bytes = name.getBytes(StandardCharsets.UTF_8).length;
    if (bytes <= MAX_NAME_BYTES) {
      return null;
    }
    String twin = twin(name, names);
    if (twin != null) {
      return "columns '"
          + ValueText.shorten(name)
          + "' and '"
          + ValueText.shorten(twin)
          + "', equal in their first "
          + MAX_NAME_BYTES
          + " bytes, where PostgreSQL cuts names";
    }
    return "a column '" + ValueText.shorten(name) + "' of " + bytes + " bytes";
  }

  /** Another name equal to this one in the first 63 bytes (as PostgreSQL cuts both). */
  private static String twin(String name, Collection<String> names) {
    String cut = cut(name);
    for (String other : names) {
      if (!other.equals(name) && cut(other).equals(cut)) {
        return other;
      }
    }
    return null;
  }

  /** The longest prefix of whole characters within 63 bytes. */
  private static String cut(String name) {
    int bytes = 0;
    for (int i = 0; i < name.length(); ) {
      int cp = name.codePointAt(i);
      int len = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      if (bytes + len > MAX_NAME_BYTES) {
        return name.substring(0, i);
      }
      bytes += len;
      i += Character.charCount(cp);
    }
    return name;
  }

  /** Refuses keys whose text is too long for the indexes that hold it. */
  void keys(SourceTable source, Map<String, Object> row, SourcePosition at) {
    for (Key k : keys.getOrDefault(source.name(), List.of())) {
      long bound = upperBound(k, row);
      if (bound <= MAX_KEY_BYTES && bound <= maxKeyChars) {
        continue; // the usual case: numbers and short texts, nothing rendered
      }
      int chars = exactChars(k, row);
      if (chars > maxKeyChars) {
        throw tooLong(
            at,
            k,
            source,
            chars + " characters",
            maxKeyChars
                + " fit the target database's key columns (vs_key_map.pk, the reference"
                + " columns of vs_waiting and vs_errors)");
      }
      int bytes = exactBytes(k, row);
      if (bytes > MAX_KEY_BYTES) {
        throw tooLong(
            at,
            k,
            source,
            bytes + " bytes",
            MAX_KEY_BYTES
                + " fit the vault's key indexes (vs_key_map's primary key, reference indexes)");
      }
    }
  }

  private static DecodeException tooLong(
      SourcePosition at, Key k, SourceTable source, String size, String limit) {
    return new DecodeException(
        at
            + ": the "
            + k.what()
            + " of source '"
            + source.name()
            + "' is "
            + size
            + " as key text; at most "
            + limit);
  }

  private static long upperBound(Key k, Map<String, Object> row) {
    long n = 2;
    for (String c : k.columns()) {
      Object v = row.get(c);
      if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
        n += 23;
      } else if (v instanceof String s) {
        n += 3 + 6L * s.length(); // an escaped control character is six bytes, any other at most 3
      } else if (v == null) {
        n += 5;
      } else {
        return Long.MAX_VALUE;
      }
    }
    return n;
  }

  /** The characters (code points) of the key text, as a database's VARCHAR counts them. */
  private static int exactChars(Key k, Map<String, Object> row) {
    return keyTextLength(k, row, false);
  }

  /** The UTF-8 length of the key text: a JSON array of the values' canonical texts. */
  private static int exactBytes(Key k, Map<String, Object> row) {
    return keyTextLength(k, row, true);
  }

  /** The key text's length in UTF-8 bytes or in characters. */
  private static int keyTextLength(Key k, Map<String, Object> row, boolean bytes) {
    int n = 2 + Math.max(0, k.columns().size() - 1);
    for (String c : k.columns()) {
      String t = CanonicalText.of(row.get(c));
      if (t == null) {
        n += 4;
        continue;
      }
      n += 2;
      for (int i = 0; i < t.length(); i++) {
        char ch = t.charAt(i);
        if (ch == '"' || ch == '\\') {
          n += 2;
        } else if (ch < 0x20) {
          n += 6;
        } else if (!bytes) {
          n += Character.isLowSurrogate(ch) ? 0 : 1;
        } else {
          n += ch < 0x80 ? 1 : ch < 0x800 || Character.isSurrogate(ch) ? 2 : 3;
        }
      }
    }
    return n;
  }
}
