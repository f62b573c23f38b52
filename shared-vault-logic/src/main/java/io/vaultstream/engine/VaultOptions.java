package io.vaultstream.engine;

import io.vaultstream.decode.DecoderOptions;
import java.io.Serializable;

/**
 * Every setting of the engine in one immutable value. The Connect configuration and the Spark
 * arguments each map into it in one place.
 */
public final class VaultOptions implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String jdbcUrl;
  private final String user;
  private final String password;
  private final String dialect;
  private final String targetSchema;
  private final boolean autoCreate;
  private final int poolMaxSize;
  private final int poolMinIdle;
  private final long connectionTimeoutMs;
  private final DecoderOptions decoder;
  private final long watermarkSeconds;
  private final long errorRetentionSeconds;
  private final ExpiredReferences expiredReferences;
  private final long sweepIntervalMs;
  private final long holdWaitsMs;
  private final int holdWaitsMaxEvents;

  /** What happens to a reference still unresolved when its error row's retention runs out. */
  public enum ExpiredReferences {
    /** Load the link against the unknown ghost record (the default: nothing is lost). */
    UNKNOWN,
    /** Drop it (counted and logged). */
    DROP
  }

  private VaultOptions(Builder b) {
    this.jdbcUrl = b.jdbcUrl;
    this.user = b.user;
    this.password = b.password;
    this.dialect = b.dialect;
    this.targetSchema = b.targetSchema;
    this.autoCreate = b.autoCreate;
    this.poolMaxSize = b.poolMaxSize;
    this.poolMinIdle = b.poolMinIdle;
    this.connectionTimeoutMs = b.connectionTimeoutMs;
    this.decoder = b.decoder;
    this.watermarkSeconds = b.watermarkSeconds;
    this.errorRetentionSeconds = b.errorRetentionSeconds;
    this.expiredReferences = b.expiredReferences;
    this.sweepIntervalMs = b.sweepIntervalMs;
    this.holdWaitsMs = b.holdWaitsMs;
    this.holdWaitsMaxEvents = b.holdWaitsMaxEvents;
  }

  /**
   * How long an event waiting for a parent is kept in memory, retried with each batch, before it
   * becomes a waiting row (0, the default: at once). Holding suits a single caller that can keep
   * the source position of held events from being committed (the Connect task); see {@link
   * LoadResult#positions()}. Never more than half the watermark, so a held event still reaches the
   * error table in time.
   */
  public long holdWaitsMs() {
    return Math.min(holdWaitsMs, watermarkSeconds * 500L);
  }

  /** At most this many events are held in memory; waits beyond it become waiting rows at once. */
  public int holdWaitsMaxEvents() {
    return holdWaitsMaxEvents;
  }

  /**
   * How often waiting rows are checked against the whole key map and the watermark and retention
   * applied (parents arriving in a batch are matched at every flush regardless).
   */
  public long sweepIntervalMs() {
    return sweepIntervalMs;
  }

  /** Seconds a row waits for its parent before it goes to the error table (WATER_MARK_SIZE). */
  public long watermarkSeconds() {
    return watermarkSeconds;
  }

  /**
   * Seconds an unresolved error row is retried before it is released (ERROR_RECORD_RETENTION_TIME).
   */
  public long errorRetentionSeconds() {
    return errorRetentionSeconds;
  }

  /** What happens to references unresolved after the retention time. */
  public ExpiredReferences expiredReferences() {
    return expiredReferences;
  }

  public static Builder builder() {
    return new Builder();
  }

  public String jdbcUrl() {
    return jdbcUrl;
  }

  public String user() {
    return user;
  }

  public String password() {
    return password;
  }

  /** The dialect name, or null to choose it from the JDBC URL. */
  public String dialect() {
    return dialect;
  }

  /** The schema of the vault tables, or null for the connection's current schema. */
  public String targetSchema() {
    return targetSchema;
  }

  /** Whether missing tables and columns are created. */
  public boolean autoCreate() {
    return autoCreate;
  }

  public int poolMaxSize() {
    return poolMaxSize;
  }

  public int poolMinIdle() {
    return poolMinIdle;
  }

  public long connectionTimeoutMs() {
    return connectionTimeoutMs;
  }

  public DecoderOptions decoder() {
    return decoder;
  }

  @Override
  public String toString() {
    return "VaultOptions{jdbcUrl="
        + jdbcUrl.replaceAll("password=[^&;]*", "password=***")
        + ", user="
        + user
        + ", targetSchema="
        + targetSchema
        + ", autoCreate="
        + autoCreate
        + ", pool="
        + poolMinIdle
        + ".."
        + poolMaxSize
        + "}";
  }

  /** Builds {@link VaultOptions}; only the JDBC URL is required. */
  public static final class Builder {
    private String jdbcUrl;
    private String user;
    private String password;
    private String dialect;
    private String targetSchema;
    private boolean autoCreate = true;
    private int poolMaxSize = 4;
    private int poolMinIdle = 1;
    private long connectionTimeoutMs = 30_000;
    private DecoderOptions decoder = DecoderOptions.defaults();
    private long watermarkSeconds = 120;
    private long errorRetentionSeconds = 120;
    private ExpiredReferences expiredReferences = ExpiredReferences.UNKNOWN;
    private long sweepIntervalMs = 5000;
    private long holdWaitsMs = 0;
    private int holdWaitsMaxEvents = 20_000;

    public Builder holdWaitsMs(long v) {
      this.holdWaitsMs = v;
      return this;
    }

    public Builder holdWaitsMaxEvents(int v) {
      this.holdWaitsMaxEvents = v;
      return this;
    }

    public Builder sweepIntervalMs(long v) {
      this.sweepIntervalMs = v;
      return this;
    }

    public Builder watermarkSeconds(long v) {
      this.watermarkSeconds = v;
      return this;
    }

    public Builder errorRetentionSeconds(long v) {
      this.errorRetentionSeconds = v;
      return this;
    }

    public Builder expiredReferences(ExpiredReferences v) {
      this.expiredReferences = v;
      return this;
    }

    public Builder jdbcUrl(String v) {
      this.jdbcUrl = v;
      return this;
    }

    public Builder user(String v) {
      this.user = v;
      return this;
    }

    public Builder password(String v) {
      this.password = v;
      return this;
    }

    public Builder dialect(String v) {
      this.dialect = v;
      return this;
    }

    public Builder targetSchema(String v) {
      this.targetSchema = v;
      return this;
    }

    public Builder autoCreate(boolean v) {
      this.autoCreate = v;
      return this;
    }

    public Builder poolMaxSize(int v) {
      this.poolMaxSize = v;
      return this;
    }

    public Builder poolMinIdle(int v) {
      this.poolMinIdle = v;
      return this;
    }

    public Builder connectionTimeoutMs(long v) {
      this.connectionTimeoutMs = v;
      return this;
    }

    public Builder decoder(DecoderOptions v) {
      this.decoder = v;
      return this;
    }

    public VaultOptions build() {
      if (jdbcUrl == null || jdbcUrl.isBlank()) {
        throw new IllegalArgumentException("a JDBC URL of the target database is required");
      }
      if (watermarkSeconds < 0 || errorRetentionSeconds < 0) {
        throw new IllegalArgumentException(
            "the watermark and the error record retention must be 0 seconds or more");
      }
      if (holdWaitsMs < 0 || holdWaitsMaxEvents < 0) {
        throw new IllegalArgumentException(
            "the time and the number of events held in memory must be 0 or more");
      }

      return new VaultOptions(this);
    }
  }
}
