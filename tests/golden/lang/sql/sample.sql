-- Schema for the lending service of a small public library.
-- Target: PostgreSQL 15.

CREATE SCHEMA IF NOT EXISTS lending;

CREATE TYPE lending.loan_status AS ENUM ('active', 'returned', 'overdue', 'lost');

CREATE TYPE lending.postal_address AS (
    street   text,
    city     text,
    postcode varchar(10)
);

CREATE SEQUENCE lending.card_number_seq START 1000;

CREATE TABLE lending.members (
    id           bigserial PRIMARY KEY,
    card_number  varchar(16) NOT NULL UNIQUE,
    full_name    text NOT NULL,
    email        text,
    joined_at    timestamptz NOT NULL DEFAULT now(),
    is_suspended boolean NOT NULL DEFAULT false
);

CREATE TABLE lending.books (
    id          bigserial PRIMARY KEY,
    isbn        char(13) NOT NULL,
    title       text NOT NULL,
    author      text NOT NULL,
    published   integer,
    copies      integer NOT NULL DEFAULT 1 CHECK (copies >= 0)
);

CREATE TABLE IF NOT EXISTS lending.loans (
    id          bigserial PRIMARY KEY,
    member_id   bigint NOT NULL REFERENCES lending.members (id),
    book_id     bigint NOT NULL REFERENCES lending.books (id),
    borrowed_at timestamptz NOT NULL DEFAULT now(),
    due_on      date NOT NULL,
    returned_at timestamptz,
    status      lending.loan_status NOT NULL DEFAULT 'active',
    updated_at  timestamptz
);

CREATE INDEX loans_member_idx ON lending.loans (member_id);
CREATE UNIQUE INDEX books_isbn_idx ON lending.books (isbn);
CREATE INDEX IF NOT EXISTS loans_open_idx ON lending.loans (due_on) WHERE returned_at IS NULL;

CREATE VIEW lending.overdue_loans AS
SELECT l.id, m.full_name, b.title, l.due_on
FROM lending.loans AS l
JOIN lending.members AS m ON m.id = l.member_id
JOIN lending.books AS b ON b.id = l.book_id
WHERE l.returned_at IS NULL
  AND l.due_on < current_date;

CREATE OR REPLACE FUNCTION lending.available_copies(p_book_id bigint)
RETURNS integer
LANGUAGE sql
STABLE
AS $$
    SELECT b.copies - count(l.id)::integer
    FROM lending.books AS b
    LEFT JOIN lending.loans AS l
      ON l.book_id = b.id AND l.returned_at IS NULL
    WHERE b.id = p_book_id
    GROUP BY b.copies;
$$;

CREATE OR REPLACE FUNCTION lending.mark_overdue()
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
    UPDATE lending.loans
    SET status = 'overdue'
    WHERE returned_at IS NULL AND due_on < current_date;
END;
$$;

CREATE OR REPLACE FUNCTION lending.touch_loan()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    NEW.updated_at := now();
    RETURN NEW;
END;
$$;

CREATE TRIGGER loans_touch
BEFORE UPDATE ON lending.loans
FOR EACH ROW EXECUTE FUNCTION lending.touch_loan();

CREATE MATERIALIZED VIEW lending.loans_per_month AS
SELECT date_trunc('month', borrowed_at) AS month, count(*) AS loans
FROM lending.loans
GROUP BY 1;

INSERT INTO lending.members (card_number, full_name, email)
VALUES ('0000000001', 'Ada Byron', 'ada@example.org'),
       ('0000000002', 'Alan Mathison', NULL);

ALTER TABLE lending.books ADD COLUMN shelf text;
