import React, {
  Component,
  createContext,
  forwardRef,
  memo,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ErrorInfo,
  type ReactNode,
} from "react";
import clsx from "clsx";
import styles from "./TaskBoard.module.css";
import type { Task, TaskStatus } from "../api/types";
import { fetchTasks, updateTask } from "../api/tasks";

const TaskChart = React.lazy(() => import("./TaskChart"));

export const COLUMNS: readonly TaskStatus[] = ["todo", "doing", "done"] as const;
const POLL_INTERVAL_MS = 15_000;
const EMPTY_FILTER: Filter = { query: "", assignee: null };

export type Filter = {
  query: string;
  assignee: string | null;
};

type SortKey = "priority" | "due" | "title";

export interface TaskCardProps {
  task: Task;
  selected?: boolean;
  onSelect(id: string): void;
  onMove?: (id: string, status: TaskStatus) => void;
}

interface BoardState {
  tasks: Task[];
  loading: boolean;
  error: Error | null;
}

export enum Density {
  Compact = "compact",
  Comfortable = "comfortable",
}

const BoardContext = createContext<{ density: Density; sortBy: SortKey }>({
  density: Density.Comfortable,
  sortBy: "priority",
});

export function useTasks(projectId: string, filter: Filter = EMPTY_FILTER): BoardState & { reload: () => void } {
  const [state, setState] = useState<BoardState>({ tasks: [], loading: true, error: null });

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, loading: true }));
    fetchTasks(projectId, filter)
      .then((tasks) => setState({ tasks, loading: false, error: null }))
      .catch((error: Error) => setState((previous) => ({ ...previous, loading: false, error })));
  }, [projectId, filter]);

  useEffect(() => {
    reload();
    const timer = window.setInterval(reload, POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [reload]);

  return { ...state, reload };
}

function compareTasks(sortBy: SortKey) {
  return (a: Task, b: Task): number => {
    if (sortBy === "title") return a.title.localeCompare(b.title);
    if (sortBy === "due") return (a.due ?? "").localeCompare(b.due ?? "");
    return b.priority - a.priority;
  };
}

export const TaskCard = memo(function TaskCard({ task, selected = false, onSelect, onMove }: TaskCardProps) {
  const { density } = useContext(BoardContext);
  const next = COLUMNS[COLUMNS.indexOf(task.status) + 1];

  return (
    <article
      className={clsx(styles.card, styles[density], { [styles.selected]: selected })}
      onClick={() => onSelect(task.id)}
    >
      <h3>{task.title}</h3>
      {task.assignee && <span className={styles.assignee}>{task.assignee}</span>}
      {next && onMove ? <button onClick={() => onMove(task.id, next)}>Move to {next}</button> : null}
    </article>
  );
});

export const SearchBox = forwardRef<HTMLInputElement, { value: string; onChange: (value: string) => void }>(
  (props, ref) => (
    <input
      ref={ref}
      className={styles.search}
      value={props.value}
      placeholder="Filter tasks"
      onChange={(event) => props.onChange(event.target.value)}
    />
  ),
);

const Column = ({ status, tasks, children }: { status: TaskStatus; tasks: Task[]; children?: ReactNode }) => (
  <section className={styles.column} aria-label={status}>
    <header>
      {status} <small>({tasks.length})</small>
    </header>
    {children}
  </section>
);

function List<T extends { id: string }>({ items, render }: { items: T[]; render: (item: T) => ReactNode }) {
  return <ul>{items.map((item) => <li key={item.id}>{render(item)}</li>)}</ul>;
}

export class ErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("task board crashed", error, info.componentStack);
  }

  private reset = () => {
    this.setState({ failed: false });
  };

  render() {
    if (this.state.failed) {
      return <div onClick={this.reset}>{this.props.fallback}</div>;
    }
    return this.props.children;
  }
}

export default function TaskBoard({ projectId, density = Density.Comfortable }: { projectId: string; density?: Density }) {
  const [filter, setFilter] = useState<Filter>(EMPTY_FILTER);
  const [selected, setSelected] = useState<string | null>(null);
  const [sortBy] = useState<SortKey>("priority");
  const { tasks, loading, error, reload } = useTasks(projectId, filter);

  const byStatus = useMemo(() => {
    const sorted = [...tasks].sort(compareTasks(sortBy));
    return Object.fromEntries(COLUMNS.map((status) => [status, sorted.filter((t) => t.status === status)]));
  }, [tasks, sortBy]);

  const handleMove = async (id: string, status: TaskStatus) => {
    await updateTask(id, { status });
    reload();
  };

  if (error) {
    return <p role="alert">Could not load tasks: {error.message}</p>;
  }

  return (
    <BoardContext.Provider value={{ density, sortBy }}>
      <ErrorBoundary fallback={<p>Something went wrong.</p>}>
        <SearchBox value={filter.query} onChange={(query) => setFilter({ ...filter, query })} />
        {loading && <progress />}
        <div className={styles.board}>
          {COLUMNS.map((status) => (
            <Column key={status} status={status} tasks={byStatus[status] ?? []}>
              <List
                items={byStatus[status] ?? []}
                render={(task) => (
                  <TaskCard task={task} selected={task.id === selected} onSelect={setSelected} onMove={handleMove} />
                )}
              />
            </Column>
          ))}
        </div>
        <React.Suspense fallback={null}>
          <TaskChart tasks={tasks} />
        </React.Suspense>
      </ErrorBoundary>
    </BoardContext.Provider>
  );
}
