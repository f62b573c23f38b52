package io.vaultstream.decode;

import java.io.Serializable;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * A struct's values by field name, as {@link SchemaNode} reads them: the names and their positions
 * are the schema's, shared by every struct it reads, and only the values are the struct's own. It
 * is a read-only map in the schema's field order that holds every field, a missing or null one as
 * null, as the map the general way builds does, in about a sixth of the memory: a row image lives
 * as long as its batch, and a Debezium record holds four or five structs.
 */
final class StructValues extends AbstractMap<String, Object> implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String[] names;
  private final Map<String, Integer> index;
  private final Object[] values;

  /** {@code values[i]} is the value of {@code names[i]}; {@code index} maps each name to its i. */
  StructValues(String[] names, Map<String, Integer> index, Object[] values) {
    this.names = names;
    this.index = index;
    this.values = values;
  }

  @Override
  public Object get(Object key) {
    Integer i = index.get(key);
    return i == null ? null : values[i];
  }

  @Override
  public boolean containsKey(Object key) {
    return index.containsKey(key);
  }

  @Override
  public int size() {
    return names.length;
  }

  @Override
  public void forEach(BiConsumer<? super String, ? super Object> action) {
    for (int i = 0; i < names.length; i++) {
      action.accept(names[i], values[i]);
    }
  }

  @Override
  public Set<Entry<String, Object>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return names.length;
      }

      @Override
      public Iterator<Entry<String, Object>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < names.length;
          }

          @Override
          public Entry<String, Object> next() {
            if (next >= names.length) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new SimpleImmutableEntry<>(names[i], values[i]);
          }
        };
      }
    };
  }
}
