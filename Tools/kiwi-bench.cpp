// kiwi's side of Tools/kiwi-side-by-side.py: the three solver workloads of layoutlab-bench
// (Sources/Bench/main.swift, Sources/Bench/README.md) on kiwi's own C++ solver, timed the same way
// (median ns per operation over samples of a batch lasting at least ~20 µs, for `budget` seconds),
// printed as layoutlab-bench --json prints them. Built by the script against the headers of the
// kiwisolver sdist; it reads enaml_like as the plain text the script writes from the JSON.
//
//   kiwi-bench ENAML.txt [BUDGET_SECONDS]
#include <kiwi/kiwi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static double budget = 0.4;

static unsigned long long now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch()).count();
}

// layoutlab-bench's `measure`: `setup` (untimed) before every sample, `op(state, k)` timed in batches.
template <class S>
static long long measure(std::function<S()> setup, std::function<void(S&, int)> op, int maxBatch = 1) {
    S state = setup();
    auto t0 = now_ns();
    op(state, 0);
    double once = double(now_ns() - t0);
    int batch = 1;
    if (maxBatch > 1) batch = std::max(1, std::min(maxBatch, int(20000 / std::max(once, 1.0))));
    std::vector<double> samples;
    auto deadline = now_ns() + (unsigned long long)(budget * 1e9);
    int k = 1;
    while (samples.size() < 5 || (now_ns() < deadline && samples.size() < 100000)) {
        S s = setup();
        t0 = now_ns();
        for (int i = 0; i < batch; ++i) op(s, k++);
        once = double(now_ns() - t0);
        samples.push_back(once / batch);
    }
    std::sort(samples.begin(), samples.end());
    return (long long)std::llround(samples[samples.size() / 2]);
}

static void report(const char* workload, const char* operation, int n, long long ns) {
    std::printf("{\"workload\":\"%s\",\"operation\":\"%s\",\"n\":%d,\"median_ns\":%lld,\"engine\":\"kiwi\"}\n",
                workload, operation, n, ns);
    std::fflush(stdout);
}

struct Spec {
    std::vector<std::string> names;
    std::vector<std::pair<int, double>> edits;
    struct C {
        int op;
        double strength, constant;
        std::vector<std::pair<int, double>> terms;
    };
    std::vector<C> constraints;
    std::vector<std::pair<double, double>> sizes;
};

static Spec readEnaml(const char* path) {
    std::ifstream in(path);
    Spec s;
    std::string tag;
    int count;
    in >> tag >> count;  // V
    s.names.resize(count);
    for (auto& n : s.names) in >> n;
    in >> tag >> count;  // E
    for (int i = 0; i < count; ++i) {
        int v;
        double st;
        in >> v >> st;
        s.edits.push_back({v, st});
    }
    in >> tag >> count;  // C
    for (int i = 0; i < count; ++i) {
        Spec::C c;
        int terms;
        in >> c.op >> c.strength >> c.constant >> terms;
        for (int t = 0; t < terms; ++t) {
            int v;
            double coefficient;
            in >> v >> coefficient;
            c.terms.push_back({v, coefficient});
        }
        s.constraints.push_back(c);
    }
    in >> tag >> count;  // S
    for (int i = 0; i < count; ++i) {
        double w, h;
        in >> w >> h;
        s.sizes.push_back({w, h});
    }
    if (!in) {
        std::fprintf(stderr, "kiwi-bench: cannot read %s\n", path);
        std::exit(2);
    }
    return s;
}

static const kiwi::RelationalOperator ops[] = {kiwi::OP_EQ, kiwi::OP_GE, kiwi::OP_LE};

struct Built {
    kiwi::Solver solver;
    std::vector<kiwi::Variable> vars;
};

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: kiwi-bench ENAML.txt [BUDGET_SECONDS]\n");
        return 2;
    }
    if (argc > 2) budget = std::atof(argv[2]);
#if defined(__GLIBC__)
    // As layoutlab-bench does by default: freed memory stays in the process (Sources/Bench/Allocator.swift).
    mallopt(M_TRIM_THRESHOLD, 0x7fffffff);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
    const Spec spec = readEnaml(argv[1]);

    // enaml_like: make the variables and the solver, add the edits and the constraints, discard.
    auto buildEnaml = [&](Built& b) {
        b.vars.clear();
        for (auto& n : spec.names) b.vars.emplace_back(n);
        for (auto& e : spec.edits) b.solver.addEditVariable(b.vars[e.first], e.second);
        for (auto& c : spec.constraints) {
            std::vector<kiwi::Term> terms;
            for (auto& t : c.terms) terms.emplace_back(b.vars[t.first], t.second);
            b.solver.addConstraint(kiwi::Constraint(kiwi::Expression(terms, c.constant), ops[c.op], c.strength));
        }
    };
    report("enaml_like", "build", 37, measure<int>([] { return 0; }, [&](int&, int) {
        Built b;
        buildEnaml(b);
    }));
    {
        Built b;
        buildEnaml(b);
        int width = 0, height = 0;
        for (size_t i = 0; i < spec.names.size(); ++i) {
            if (spec.names[i] == "width") width = int(i);
            if (spec.names[i] == "height") height = int(i);
        }
        report("enaml_like", "resize", 37, measure<int>([] { return 0; }, [&](int&, int k) {
            auto& s = spec.sizes[k % spec.sizes.size()];
            b.solver.suggestValue(b.vars[width], s.first);
            b.solver.suggestValue(b.vars[height], s.second);
            b.solver.updateVariables();
        }, 10000));
    }

    // chain of n: x[i] == x[i+1] required, x[n-1] == 0 weak; x0 a strong edit variable.
    for (int n : {100, 1000}) {
        auto build = [n](Built& b) {
            for (int i = 0; i < n; ++i) b.vars.emplace_back("x" + std::to_string(i));
            for (int i = 0; i < n - 1; ++i) b.solver.addConstraint(b.vars[i] == b.vars[i + 1]);
            b.solver.addConstraint(kiwi::Constraint(b.vars[n - 1] == 0.0, kiwi::strength::weak));
        };
        report("chain", "build", n, measure<int>([] { return 0; }, [&](int&, int) {
            Built b;
            build(b);
        }));
        {
            Built b;
            build(b);
            b.solver.addEditVariable(b.vars[0], kiwi::strength::strong);
            report("chain", "resize", n, measure<int>([] { return 0; }, [&](int&, int k) {
                b.solver.suggestValue(b.vars[0], double(100 + (k % 7) * 10));
                b.solver.updateVariables();
            }, 10000));
            b.solver.suggestValue(b.vars[0], 130);
            b.solver.updateVariables();
            for (auto& v : b.vars)
                if (std::fabs(v.value() - 130) > 1e-6) std::fprintf(stderr, "CHECK FAILED: chain %d\n", n);
        }
    }

    // row of n views: |-8-[v0(>=20, ==50@weak)]-8-…-8-| with the container width W a strong edit variable.
    for (int n : {10, 100}) {
        struct Row {
            kiwi::Solver solver;
            std::vector<kiwi::Variable> l, w;
            kiwi::Variable W{"W"};
        };
        auto build = [n](Row& r) {
            for (int i = 0; i < n; ++i) {
                r.l.emplace_back("l" + std::to_string(i));
                r.w.emplace_back("w" + std::to_string(i));
            }
            r.solver.addEditVariable(r.W, kiwi::strength::strong);
            r.solver.addConstraint(r.l[0] == 8.0);
            for (int i = 0; i < n; ++i) {
                r.solver.addConstraint(r.w[i] >= 20.0);
                r.solver.addConstraint(kiwi::Constraint(r.w[i] - 50.0 == 0.0, kiwi::strength::weak));
                if (i < n - 1) r.solver.addConstraint(r.l[i + 1] == r.l[i] + r.w[i] + 8.0);
            }
            r.solver.addConstraint(r.l[n - 1] + r.w[n - 1] + 8.0 == r.W);
        };
        report("row", "build", n, measure<int>([] { return 0; }, [&](int&, int) {
            Row r;
            build(r);
        }));
        Row r;
        build(r);
        report("row", "resize", n, measure<int>([] { return 0; }, [&](int&, int k) {
            r.solver.suggestValue(r.W, double(58 * n + (k % 7) * 10 - 30));
            r.solver.updateVariables();
        }, 10000));
    }
    return 0;
}
