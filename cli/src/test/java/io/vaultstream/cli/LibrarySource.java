package io.vaultstream.cli;

/** The library of docs/GETTING-STARTED.md as a source database: its tables and a few rows. */
final class LibrarySource {
  static final String INCLUDE =
      "public.authors,public.genres,public.books,public.book_authors,public.members,public.loans";

  static final String[] TABLES = {
    "CREATE TABLE authors (id bigint PRIMARY KEY, author_no text NOT NULL UNIQUE, name text,"
        + " country char(2), updated_at timestamptz)",
    "CREATE TABLE genres (code text PRIMARY KEY, name text)",
    "CREATE TABLE books (id bigint PRIMARY KEY, isbn text NOT NULL UNIQUE, title text,"
        + " published date, pages integer, genre_code text REFERENCES genres(code))",
    "CREATE TABLE book_authors (book_id bigint REFERENCES books(id),"
        + " author_id bigint REFERENCES authors(id), author_role text,"
        + " PRIMARY KEY (book_id, author_id))",
    "CREATE TABLE members (id bigint PRIMARY KEY, member_no text NOT NULL UNIQUE, name text,"
        + " email text)",
    "CREATE TABLE loans (id bigint PRIMARY KEY, book_id bigint NOT NULL REFERENCES books(id),"
        + " member_id bigint NOT NULL REFERENCES members(id), loaned_at timestamptz NOT NULL,"
        + " due_on date, returned_at timestamptz)"
  };

  static final String[] ROWS = {
    "INSERT INTO authors VALUES (1, 'A-1', 'Ursula Le Guin', 'US', '2026-01-01 09:00:00+00'),"
        + " (2, 'A-2', 'Stanislaw Lem', 'PL', '2026-01-01 09:00:00+00')",
    "INSERT INTO genres VALUES ('SF', 'Science fiction'), ('FAN', 'Fantasy')",
    "INSERT INTO books VALUES (1, '978-0441478125', 'The Left Hand of Darkness', '1969-03-01',"
        + " 304, 'SF'), (2, '978-0547773742', 'A Wizard of Earthsea', '1968-11-01', 183, 'FAN'),"
        + " (3, '978-0156027601', 'Solaris', '1961-01-01', 204, 'SF')",
    "INSERT INTO book_authors VALUES (1, 1, 'author'), (2, 1, 'author'), (3, 2, 'author')",
    "INSERT INTO members VALUES (1, 'M-1', 'Ada', 'ada@example.org'),"
        + " (2, 'M-2', 'Brian', 'brian@example.org')",
    "INSERT INTO loans VALUES (1, 1, 1, '2026-03-01 10:00:00+00', '2026-03-15', NULL),"
        + " (2, 3, 2, '2026-03-01 11:00:00+00', '2026-03-15', NULL)"
  };

  private LibrarySource() {}
}
