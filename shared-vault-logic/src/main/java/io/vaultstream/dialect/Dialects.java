package io.vaultstream.dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/** Finds the dialect for a JDBC URL (or by name) among those on the class path. */
public final class Dialects {
  private Dialects() {}

  /** All dialects found through ServiceLoader. */
  public static List<VaultDialect> all() {
    List<VaultDialect> out = new ArrayList<>();
    ServiceLoader.load(VaultDialect.class, Dialects.class.getClassLoader()).forEach(out::add);
    return out;
  }

  /**
   * The dialect named, or else the one accepting the URL.
   *
   * @param name a dialect name from configuration, or null to choose by URL
   */
  public static VaultDialect forUrl(String jdbcUrl, String name) {
    Optional<VaultDialect> found = find(jdbcUrl, name);
    if (found.isPresent()) {
      return found.get();
    }
    List<VaultDialect> all = all();
    String known = all.stream().map(VaultDialect::name).collect(Collectors.joining(", "));
    throw new IllegalArgumentException(
        name != null
            ? "unknown dialect '" + name + "'; known: " + known
            // Only the scheme: no dialect (so no known syntax) reads the rest of the URL.
            : "no dialect accepts the JDBC URL starting '"
                + MaskedUrl.scheme(jdbcUrl)
                + "'; known dialects: "
                + known
                + (jdbcUrl != null && jdbcUrl.startsWith("jdbc:mysql:")
                    ? " (MySQL is not a target: it lacks the RETURNING clause the loader's writes"
                        + " use; MariaDB 10.11+ is, with jdbc:mariadb: URLs)"
                    : ""));
  }

  /**
   * The dialect named, or else the one accepting the URL; empty when none does.
   *
   * @param name a dialect name from configuration, or null to choose by URL
   */
  public static Optional<VaultDialect> find(String jdbcUrl, String name) {
    for (VaultDialect d : all()) {
      if (name != null ? d.name().equalsIgnoreCase(name) : d.accepts(jdbcUrl)) {
        return Optional.of(d);
      }
    }
    return Optional.empty();
  }
}
