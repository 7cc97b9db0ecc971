// scheduler.cpp - a small cooperative task scheduler with priorities and timers.

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <queue>
#include <string>
#include <unordered_map>
#include <vector>
#include "scheduler/clock.hpp"
#include "scheduler/log.hpp"

#define SCHED_MAX_TASKS 4096
#define SCHED_CHECK(cond) \
    do { if (!(cond)) ::sched::detail::fail(#cond, __FILE__, __LINE__); } while (0)

extern "C" {
int sched_abi_version(void);
}

namespace sched {

using Clock = std::chrono::steady_clock;
using Duration = Clock::duration;
typedef unsigned long TaskId;

constexpr int kDefaultPriority = 5;
constexpr Duration kTick = std::chrono::milliseconds(10);
const char* const kComponent = "scheduler";

/// The state a task is in.
enum class TaskState : unsigned char {
    Pending,
    Running,
    Sleeping,
    Done,
};

enum Priority { Low = 1, Normal = 5, High = 9 };

namespace detail {

[[noreturn]] void fail(const char* expr, const char* file, int line);

inline std::string describe(TaskState state) {
    switch (state) {
    case TaskState::Pending: return "pending";
    case TaskState::Running: return "running";
    case TaskState::Sleeping: return "sleeping";
    case TaskState::Done: return "done";
    }
    return "?";
}

}  // namespace detail

/// Statistics collected while the scheduler runs.
struct Stats {
    std::size_t ticks = 0;
    std::size_t switches = 0;
    Duration busy{};

    double utilisation(Duration wall) const {
        return wall.count() == 0 ? 0.0 : double(busy.count()) / double(wall.count());
    }
};

/// A unit of work; subclasses implement step().
class Task {
public:
    explicit Task(std::string name, int priority = kDefaultPriority);
    virtual ~Task();

    Task(const Task&) = delete;
    Task& operator=(const Task&) = delete;

    /// Runs one slice of the task; returns false when finished.
    virtual bool step() = 0;

    const std::string& name() const { return name_; }
    int priority() const noexcept { return priority_; }
    TaskState state() const { return state_; }
    TaskId id() const;

    bool operator<(const Task& other) const;

protected:
    void sleep_for(Duration d);

private:
    friend class Scheduler;

    std::string name_;
    int priority_;
    TaskState state_ = TaskState::Pending;
    Clock::time_point wake_at_{};
    TaskId id_ = 0;
    static TaskId next_id_;
    static constexpr int kMaxPriority = 10;
};

TaskId Task::next_id_ = 1;

Task::Task(std::string name, int priority)
    : name_(std::move(name)), priority_(std::min(priority, kMaxPriority)), id_(next_id_++) {}

Task::~Task() = default;

TaskId Task::id() const {
    return id_;
}

bool Task::operator<(const Task& other) const {
    return priority_ < other.priority_;
}

void Task::sleep_for(Duration d) {
    state_ = TaskState::Sleeping;
    wake_at_ = Clock::now() + d;
}

/// A task wrapping a callable.
class FunctionTask final : public Task {
public:
    using Body = std::function<bool()>;

    FunctionTask(std::string name, Body body)
        : Task(std::move(name)), body_(std::move(body)) {}

    bool step() override { return body_(); }

private:
    Body body_;
};

/// A fixed-capacity ring buffer of values.
template <typename T, std::size_t N = 64>
class Ring {
public:
    bool push(const T& value) {
        if (size_ == N) {
            return false;
        }
        items_[(head_ + size_) % N] = value;
        ++size_;
        return true;
    }

    bool pop(T& out);

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }

private:
    T items_[N];
    std::size_t head_ = 0;
    std::size_t size_ = 0;
};

template <typename T, std::size_t N>
bool Ring<T, N>::pop(T& out) {
    if (size_ == 0) {
        return false;
    }
    out = items_[head_];
    head_ = (head_ + 1) % N;
    --size_;
    return true;
}

/// Orders tasks by priority, highest first.
struct ByPriority {
    bool operator()(const Task* a, const Task* b) const { return *a < *b; }
};

class Scheduler {
public:
    class Handle {
    public:
        explicit Handle(TaskId id) : id_(id) {}
        TaskId id() const { return id_; }

    private:
        TaskId id_;
    };

    Scheduler();
    ~Scheduler();

    Handle spawn(std::unique_ptr<Task> task);

    template <typename F>
    Handle spawn_fn(std::string name, F&& fn) {
        return spawn(std::make_unique<FunctionTask>(std::move(name), std::forward<F>(fn)));
    }

    void run_until_idle();
    bool cancel(Handle handle);
    const Stats& stats() const { return stats_; }

private:
    void wake_sleepers(Clock::time_point now);

    std::priority_queue<Task*, std::vector<Task*>, ByPriority> ready_;
    std::vector<Task*> sleeping_;
    std::unordered_map<TaskId, std::unique_ptr<Task>> tasks_;
    Stats stats_;
};

Scheduler::Scheduler() = default;

Scheduler::~Scheduler() {
    tasks_.clear();
}

Scheduler::Handle Scheduler::spawn(std::unique_ptr<Task> task) {
    SCHED_CHECK(tasks_.size() < SCHED_MAX_TASKS);
    Task* raw = task.get();
    TaskId id = raw->id();
    tasks_.emplace(id, std::move(task));
    ready_.push(raw);
    return Handle(id);
}

void Scheduler::wake_sleepers(Clock::time_point now) {
    auto it = std::remove_if(sleeping_.begin(), sleeping_.end(), [&](Task* t) {
        if (t->wake_at_ > now) {
            return false;
        }
        t->state_ = TaskState::Pending;
        ready_.push(t);
        return true;
    });
    sleeping_.erase(it, sleeping_.end());
}

void Scheduler::run_until_idle() {
    while (!ready_.empty() || !sleeping_.empty()) {
        wake_sleepers(Clock::now());
        if (ready_.empty()) {
            continue;
        }
        Task* task = ready_.top();
        ready_.pop();
        auto started = Clock::now();
        task->state_ = TaskState::Running;
        bool more = task->step();
        stats_.busy += Clock::now() - started;
        ++stats_.switches;
        if (!more) {
            task->state_ = TaskState::Done;
            tasks_.erase(task->id());
        } else if (task->state_ == TaskState::Sleeping) {
            sleeping_.push_back(task);
        } else {
            task->state_ = TaskState::Pending;
            ready_.push(task);
        }
    }
}

bool Scheduler::cancel(Handle handle) {
    return tasks_.erase(handle.id()) > 0;
}

template <typename T>
T clamp_priority(T value) {
    return std::max<T>(Low, std::min<T>(value, High));
}

template <>
int clamp_priority<int>(int value) {
    return value < Low ? Low : (value > High ? High : value);
}

namespace {

Scheduler* global_scheduler = nullptr;

void install(Scheduler* s) { global_scheduler = s; }

}  // namespace

}  // namespace sched

namespace sched::detail {

void fail(const char* expr, const char* file, int line) {
    sched::log::error("check failed: %s (%s:%d)", expr, file, line);
    std::abort();
}

}  // namespace sched::detail

int sched_abi_version(void) {
    return 3;
}

int main() {
    sched::Scheduler scheduler;
    int counter = 0;
    scheduler.spawn_fn("count", [&counter] { return ++counter < 3; });
    scheduler.run_until_idle();
    return counter == 3 ? 0 : 1;
}
