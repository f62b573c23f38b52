package io.vaultstream.write;

import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A vault table as the database holds it, against the model: the table in the database's column
 * order, the columns the model declares that the table lacks, and the columns the table has that
 * the model does not load.
 *
 * <p>The order matters: a satellite's hash diff covers its attribute columns in table order, and a
 * column added to a live table is appended to it whatever its place in the model, so the versions
 * stored before the change were hashed over a leading part of today's columns (see {@link
 * VersionHashes}).
 *
 * @param table the table with the database's columns in their order (each declared column as the
 *     model describes it), then the columns still missing, in model order
 * @param missing declared columns the table lacks, in model order
 * @param unloaded columns of a table with declared columns that the model does not name: left NULL
 * @param typed declared columns the table has with another type than the model's: the model's
 *     column and the type in the database
 */
record TableShape(
    TableSpec table, List<ColumnSpec> missing, List<String> unloaded, List<Typed> typed) {

  /** A declared column and the type the database gives it. */
  record Typed(ColumnSpec column, String inDatabase) {}

  /**
   * Compares.
   *
   * @param model the table as the model describes it
   * @param inDatabase its columns in the database, in order
   * @param nameKey the form in which the database compares column names
   */
  static TableShape of(
      TableSpec model, List<ColumnSpec> inDatabase, UnaryOperator<String> nameKey) {
    Map<String, ColumnSpec> declared = new HashMap<>();
    for (ColumnSpec c : model.columns()) {
      declared.put(nameKey.apply(c.name()), c);
    }
    List<ColumnSpec> ordered = new ArrayList<>();
    List<String> unloaded = new ArrayList<>();
    List<Typed> typed = new ArrayList<>();
    Set<String> present = new HashSet<>();
    for (ColumnSpec c : inDatabase) {
      String key = nameKey.apply(c.name());
      ColumnSpec d = declared.get(key);
      if (d != null) {
        ordered.add(d);
        present.add(key);
        if (!d.notNull() && !d.type().equals(c.type())) {
          typed.add(new Typed(d, c.type())); // an attribute or business key column
        }
      } else if (model.discoversColumns()) {
        ordered.add(c); // a column taken from events: the database's type
      } else {
        unloaded.add(c.name());
      }
    }
    List<ColumnSpec> missing = new ArrayList<>();
    for (ColumnSpec c : model.columns()) {
      if (!present.contains(nameKey.apply(c.name()))) {
        missing.add(c);
        ordered.add(c);
      }
    }
    TableSpec t =
        new TableSpec(
            model.name(), model.kind(), ordered, model.primaryKey(), model.discoversColumns());
    return new TableShape(t, missing, unloaded, typed);
  }
}
