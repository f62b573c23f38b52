package io.vaultstream.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vaultstream.cli.SourceCatalog.Fk;
import io.vaultstream.cli.SourceCatalog.Table;
import io.vaultstream.cli.TableRoles.Role;
import io.vaultstream.model.TypeGrammar;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The starter model's {@code sources}: each table's primary key, its columns with the types a model
 * may declare, and its foreign keys to tables that become hubs or links, noting each one left out.
 */
final class StarterSources {
  private final Map<String, Table> source;
  private final TableRoles roles;
  private final ReviewNotes notes;

  StarterSources(Map<String, Table> source, TableRoles roles, ReviewNotes notes) {
    this.source = source;
    this.roles = roles;
    this.notes = notes;
  }

  /** Adds table {@code t}'s entry; returns its key columns (kept out of satellites). */
  Set<String> add(ObjectNode sources, Table t) {
    ObjectNode s = sources.putObject(t.name());
    ArrayNode pk = s.putArray("primaryKey");
    t.pk().forEach(pk::add);
    ObjectNode cols = s.putObject("columns");
    t.columns().forEach((c, type) -> cols.put(c, declarable(t.name(), c, type)));
    Set<String> keyCols = new LinkedHashSet<>(t.pk());
    ObjectNode fks = JsonNodeFactory.instance.objectNode();
    for (Fk fk : reachable(t, true)) {
      ObjectNode f = fks.putObject(fk.name());
      ArrayNode c = f.putArray("columns");
      fk.columns().forEach(c::add);
      f.put("references", fk.references());
      if (!fk.referencedColumns().equals(source.get(fk.references()).pk())) {
        ArrayNode rc = f.putArray("referencedColumns");
        fk.referencedColumns().forEach(rc::add);
      }
      keyCols.addAll(fk.columns());
    }
    if (!fks.isEmpty()) {
      s.set("foreignKeys", fks);
    }
    if (roles.role(t.name()) == Role.HUB) {
      List<String> bk = t.uniques().isEmpty() ? t.pk() : t.uniques().get(0);
      keyCols.addAll(bk);
    }
    return keyCols;
  }

  /**
   * The foreign keys to tables that become hubs or links (with {@code note}, a note for each other
   * one: a table not read, a code table).
   */
  List<Fk> reachable(Table t, boolean note) {
    List<Fk> out = new ArrayList<>();
    for (Fk fk : t.fks().values()) {
      Role to = roles.role(fk.references());
      if (to == null) {
        if (note) {
          notes.add(
              t.name()
                  + "."
                  + fk.columns()
                  + " references "
                  + fk.references()
                  + ", which is not among the tables read; left out");
        }
      } else if (to == Role.REFERENCE) {
        if (note) {
          notes.add(
              t.name()
                  + "."
                  + fk.columns()
                  + " holds a code of the reference table ref_"
                  + fk.references()
                  + ": kept as an attribute in the satellite of "
                  + t.name()
                  + ", no link");
        }
      } else {
        out.add(fk);
      }
    }
    return out;
  }

  /**
   * The source column's type when a model may declare it, else text: a model accepts only a strict
   * grammar of types (they are pasted into DDL), and PostgreSQL has many more (interval, arrays,
   * enums).
   */
  private String declarable(String table, String column, String type) {
    if (TypeGrammar.isValid(type)) {
      return type;
    }
    notes.add(
        table
            + "."
            + column
            + " is of type "
            + type
            + ", which a model cannot declare; declared as text (its values are stored as text)");
    return "text";
  }
}
