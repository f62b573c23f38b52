package io.vaultstream.event;

import java.io.Serializable;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * Values by name where many maps share one list of names: a struct's fields read by its schema, a
 * row's key columns, a satellite's attributes, a hub's or link's planned row. The names and their
 * positions are built once and shared; each map holds only its values. It is a read-only map in the
 * names' order that holds every name, a missing value as null (as a {@code LinkedHashMap} filled
 * name by name does), in about a sixth of that map's memory: row images and planned rows live as
 * long as their batch, and a young collection copies what lives.
 */
public final class NamedValues<V> extends AbstractMap<String, V> implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Names names;
  private final Object[] values;

  /** {@code values[i]} is the value of the i-th name. */
  public NamedValues(Names names, Object[] values) {
    if (values.length != names.names.length) {
      throw new IllegalArgumentException(
          values.length + " values for " + names.names.length + " names");
    }
    this.names = names;
    this.values = values;
  }

  /** The shared names of the maps of one list: their order and each one's position. */
  public static final class Names implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String[] names;
    private final Map<String, Integer> index;
    private final Set<String> set;

    private Names(String[] names, Map<String, Integer> index) {
      this.names = names;
      this.index = index;
      this.set = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(names)));
    }

    /** The names of {@code list}; null when a name repeats (such a map would hold it once). */
    public static Names of(List<String> list) {
      String[] names = list.toArray(new String[0]);
      Map<String, Integer> index = new HashMap<>(names.length * 2);
      for (int i = 0; i < names.length; i++) {
        if (index.put(names[i], i) != null) {
          return null;
        }
      }
      return new Names(names, index);
    }

    /**
     * {@link #of} kept once per list for the whole process: maps made apart (a row's key columns
     * from an event and from the key map read back) then share their names, so each name is held
     * once, and {@link Lookup} finds one set of positions for both. At most {@value #SHARED_MAX}
     * lists are kept; past that, a list gets names of its own.
     */
    public static Names shared(List<String> list) {
      Names n = SHARED.get(list);
      if (n != null) {
        return n;
      }
      n = of(list);
      if (n == null || SHARED.size() >= SHARED_MAX) {
        return n;
      }
      Names before = SHARED.putIfAbsent(List.copyOf(list), n);
      return before == null ? n : before;
    }

    private static final int SHARED_MAX = 4096;
    private static final Map<List<String>, Names> SHARED = new ConcurrentHashMap<>();

    /** How many names. */
    public int size() {
      return names.length;
    }

    /** The position of each of {@code list}'s names, -1 for a name not among these. */
    public int[] positions(List<String> list) {
      int[] at = new int[list.size()];
      for (int i = 0; i < at.length; i++) {
        Integer p = index.get(list.get(i));
        at[i] = p == null ? -1 : p;
      }
      return at;
    }
  }

  /**
   * Reads the values of a fixed list of names from maps. From a {@code NamedValues} it reads by
   * position, the positions found once per shared names met (the last two kept: a source's inserts
   * and updates share one, its deletes' before images another) instead of one lookup per name and
   * map; from any other map, by name. Safe for use by several threads: a thread that sees an older
   * pair finds the positions again, and a pair is immutable, so it is never seen half made.
   */
  public static final class Lookup {
    private final List<String> names;
    private Positions last;
    private Positions before;

    private record Positions(Names names, int[] at) {}

    public Lookup(List<String> names) {
      this.names = List.copyOf(names);
    }

    /** The names read, in their order. */
    public List<String> names() {
      return names;
    }

    /** How many names. */
    public int size() {
      return names.size();
    }

    /**
     * The positions of the names among {@code shared}'s (-1 for a name not among them); the array
     * is shared, not to be changed.
     */
    public int[] positions(Names shared) {
      Positions p = last;
      if (p != null && p.names() == shared) {
        return p.at();
      }
      Positions q = before;
      if (q == null || q.names() != shared) {
        q = new Positions(shared, shared.positions(names));
      }
      before = p;
      last = q;
      return q.at();
    }

    /**
     * The positions of the names in {@code m} when it is a {@code NamedValues}, else null: found
     * once per map for {@link #get(Map, int[], int)}, instead of once per value.
     */
    public int[] positionsIn(Map<String, ?> m) {
      return m instanceof NamedValues<?> values ? positions(values.names) : null;
    }

    /** The value of the i-th name in {@code m} (null where it has none). */
    public <V> V get(Map<String, V> m, int i) {
      return get(m, positionsIn(m), i);
    }

    /**
     * The value of the i-th name in {@code m} (null where it has none), {@code at} being {@code
     * m}'s {@link #positionsIn}.
     */
    @SuppressWarnings("unchecked")
    public <V> V get(Map<String, V> m, int[] at, int i) {
      if (at == null) {
        return m.get(names.get(i));
      }
      int p = at[i];
      return p < 0 ? null : ((NamedValues<V>) m).valueAt(p);
    }

    /** Appends the value of each name in {@code m} to {@code out}, in order; nulls for no map. */
    public <V> void addTo(Map<String, V> m, List<? super V> out) {
      int n = names.size();
      if (m == null) {
        for (int i = 0; i < n; i++) {
          out.add(null);
        }
        return;
      }
      int[] at = positionsIn(m);
      for (int i = 0; i < n; i++) {
        out.add(get(m, at, i));
      }
    }
  }

  /** The shared names of this map. */
  public Names names() {
    return names;
  }

  /** The value of the i-th name. */
  @SuppressWarnings("unchecked")
  public V valueAt(int i) {
    return (V) values[i];
  }

  @Override
  @SuppressWarnings("unchecked")
  public V get(Object key) {
    Integer i = names.index.get(key);
    return i == null ? null : (V) values[i];
  }

  @Override
  public boolean containsKey(Object key) {
    return names.index.containsKey(key);
  }

  @Override
  public int size() {
    return values.length;
  }

  @Override
  @SuppressWarnings("unchecked")
  public void forEach(BiConsumer<? super String, ? super V> action) {
    for (int i = 0; i < values.length; i++) {
      action.accept(names.names[i], (V) values[i]);
    }
  }

  @Override
  public Set<String> keySet() {
    return names.set;
  }

  @Override
  @SuppressWarnings("unchecked")
  public Collection<V> values() {
    return (Collection<V>) Collections.unmodifiableList(Arrays.asList(values));
  }

  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (!(o instanceof Map<?, ?> m) || m.size() != values.length) {
      return false;
    }
    for (int i = 0; i < values.length; i++) {
      Object theirs = m.get(names.names[i]);
      if (theirs == null
          ? values[i] != null || !m.containsKey(names.names[i])
          : !theirs.equals(values[i])) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 0;
    for (int i = 0; i < values.length; i++) {
      h += Objects.hashCode(names.names[i]) ^ Objects.hashCode(values[i]);
    }
    return h;
  }

  /** Entries are made as they are iterated: prefer {@link #forEach}, {@link #get}. */
  @Override
  public Set<Entry<String, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return values.length;
      }

      @Override
      public Iterator<Entry<String, V>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < values.length;
          }

          @Override
          @SuppressWarnings("unchecked")
          public Entry<String, V> next() {
            if (next >= values.length) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new SimpleImmutableEntry<>(names.names[i], (V) values[i]);
          }
        };
      }
    };
  }
}
