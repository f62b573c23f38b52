package io.vaultstream.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A validated Data Vault model: sources and the hubs, links, satellites and tables they feed. */
public record VaultModel(
    String name,
    String recordSource,
    HashingSettings hashing,
    Naming naming,
    Map<String, SourceTable> sources,
    Map<String, Hub> hubs,
    Map<String, Link> links,
    Map<String, Satellite> satellites,
    Map<String, ReferenceTable> referenceTables,
    Map<String, EffectivitySatellite> effectivitySatellites,
    Map<String, StatusSatellite> statusSatellites)
    implements Serializable {

  public VaultModel {
    sources = freeze(sources);
    hubs = freeze(hubs);
    links = freeze(links);
    satellites = freeze(satellites);
    referenceTables = freeze(referenceTables);
    effectivitySatellites = freeze(effectivitySatellites);
    statusSatellites = freeze(statusSatellites);
  }

  /** A model without effectivity and status satellites. */
  public VaultModel(
      String name,
      String recordSource,
      HashingSettings hashing,
      Naming naming,
      Map<String, SourceTable> sources,
      Map<String, Hub> hubs,
      Map<String, Link> links,
      Map<String, Satellite> satellites,
      Map<String, ReferenceTable> referenceTables) {
    this(
        name,
        recordSource,
        hashing,
        naming,
        sources,
        hubs,
        links,
        satellites,
        referenceTables,
        Map.of(),
        Map.of());
  }

  private static <V> Map<String, V> freeze(Map<String, V> m) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(m));
  }

  /** The same model with other hashing settings (a configuration override). */
  public VaultModel withHashing(HashingSettings other) {
    return new VaultModel(
        name,
        recordSource,
        other,
        naming,
        sources,
        hubs,
        links,
        satellites,
        referenceTables,
        effectivitySatellites,
        statusSatellites);
  }

  /** The record source written for events of a source table: {@code SHOP.customers}. */
  public String recordSourceOf(String sourceTable) {
    return recordSource + "." + sourceTable;
  }

  /** The source table whose topic this is, if any. */
  public Optional<SourceTable> sourceForTopic(String topic) {
    return sources.values().stream().filter(s -> s.topic().equals(topic)).findFirst();
  }

  /** Hubs the source feeds directly. */
  public List<Hub> hubsFedBy(String source) {
    return hubs.values().stream().filter(h -> h.sources().containsKey(source)).toList();
  }

  /** Links and non-historized links whose source is this table. */
  public List<Link> linksOf(String source) {
    return links.values().stream().filter(l -> l.source().equals(source)).toList();
  }

  /** Satellites loaded from this table. */
  public List<Satellite> satellitesOf(String source) {
    return satellites.values().stream().filter(s -> s.source().equals(source)).toList();
  }

  /** Effectivity satellites of the links whose source is this table. */
  public List<EffectivitySatellite> effectivitySatellitesOf(String source) {
    return effectivitySatellites.values().stream()
        .filter(e -> links.containsKey(e.link()) && links.get(e.link()).source().equals(source))
        .toList();
  }

  /** Status satellites loaded from this table. */
  public List<StatusSatellite> statusSatellitesOf(String source) {
    return statusSatellites.values().stream().filter(s -> s.source().equals(source)).toList();
  }

  /** Reference tables loaded from this table. */
  public List<ReferenceTable> referenceTablesOf(String source) {
    return referenceTables.values().stream().filter(r -> r.source().equals(source)).toList();
  }

  /**
   * The hub a foreign key reaches directly, when its referenced columns are the business key of a
   * hub the referenced source feeds (so no key map lookup is needed).
   */
  public Optional<Hub> hubCarriedBy(ForeignKey fk) {
    for (Hub hub : hubsFedBy(fk.references())) {
      if (hub.sources().get(fk.references()).equals(fk.referencedColumns())) {
        return Optional.of(hub);
      }
    }
    return Optional.empty();
  }

  /**
   * The key columns of a source: every column needed to compute a hash key or code from its events
   * (primary key, business keys of hubs it feeds, foreign key columns, dependent child keys,
   * reference codes and multi-active keys). A delete's before image usually holds only the primary
   * key, so these values are remembered in the key map.
   */
  public List<String> keyColumnsOf(String source) {
    Set<String> cols = new LinkedHashSet<>(sources.get(source).primaryKey());
    for (Hub hub : hubsFedBy(source)) {
      cols.addAll(hub.sources().get(source));
    }
    cols.addAll(sources.get(source).foreignKeyColumns());
    for (Link link : linksOf(source)) {
      cols.addAll(link.dependentChildKey());
    }
    for (ReferenceTable ref : referenceTablesOf(source)) {
      cols.addAll(ref.code());
    }
    for (Satellite sat : satellitesOf(source)) {
      cols.addAll(sat.multiActiveKey());
    }
    return new ArrayList<>(cols);
  }

  /**
   * The attribute columns a satellite, non-historized link or reference table takes by default: the
   * source's columns minus its key columns; {@code null} when the source declares no columns (they
   * are then taken from the events).
   */
  public List<String> defaultAttributesOf(String source) {
    SourceTable src = sources.get(source);
    if (!src.declaresColumns()) {
      return null;
    }
    List<String> keys = keyColumnsOf(source);
    return src.columns().keySet().stream().filter(c -> !keys.contains(c)).toList();
  }

  /** The hash key column name of a satellite's parent (hub or link). */
  public String parentHashKey(Satellite sat) {
    Hub hub = hubs.get(sat.parent());
    return hub != null ? hub.hashKey() : links.get(sat.parent()).hashKey();
  }
}
