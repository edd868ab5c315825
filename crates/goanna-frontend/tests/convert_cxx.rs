//! C++ conversion tests: small C++ sources parsed with libclang and compared with the tree
//! dump, one per construct the front end lowers to the C tree (see `convert/cxx.rs`).

use goanna_ast::TranslationUnit;
use goanna_frontend::{dump_tree, parse_source, ParseOptions};

fn parse(src: &str) -> TranslationUnit {
    let options = ParseOptions { args: vec!["-std=c++17".into()], working_dir: None };
    parse_source("test.cpp", src, &options).expect("parse")
}

#[track_caller]
fn assert_dump(src: &str, expected: &str) {
    let tu = parse(src);
    assert!(!tu.has_errors(), "{:?}", tu.diagnostics);
    let got = dump_tree(&tu);
    let expected = expected.trim_start_matches('\n');
    assert_eq!(got, expected, "\n--- got ---\n{got}\n--- expected ---\n{expected}");
}

#[test]
fn member_functions_take_this_and_name_members_through_it() {
    assert_dump(
        r#"
namespace ns {
struct Buf {
    char *data;
    int n;
    int get(int i) const { return data[i]; }
    void set(int i, char c);
    static int count();
};
void Buf::set(int i, char c) { this->data[i] = c; n = get(i); }
}
int use(ns::Buf *p, ns::Buf b) { return p->get(1) + b.get(2) + ns::Buf::count(); }
"#,
        r#"
fn ns::Buf::get(this#0, i#1) -> int
  {
    return ([] (-> this#0 data) i#1)
  }
fn ns::Buf::set(this#2, i#3, c#4) -> void
  {
    (= ([] (-> this#2 data) i#3) c#4)
    (= (-> this#2 n) (call ns::Buf::get this#2 i#3))
  }
fn use(p#5, b#6) -> int
  {
    return (Add (Add (call ns::Buf::get p#5 1) (call ns::Buf::get (AddrOf b#6) 2)) (call ns::Buf::count))
  }
"#,
    );
}

#[test]
fn constructors_initialise_members_and_destructors_run_at_every_exit() {
    assert_dump(
        r#"
struct Guard {
    int *p;
    int n;
    Guard(int size) : p(new int[size]), n(size) {}
    ~Guard() { delete[] p; }
};
struct Plain { int x; };
int f(int k) {
    Guard g(k);
    Plain pl;
    for (int i = 0; i < k; i++) {
        Guard inner(i);
        if (i == 3) break;
        if (i == 4) continue;
    }
    if (k > 10) return g.n;
    return 0;
}
"#,
        r#"
fn Guard::Guard(this#0, size#1) -> void
  {
    (= (-> this#0 p) (call operator new[] size#1))
    (= (-> this#0 n) size#1)
    {
    }
  }
fn Guard::~Guard(this#2) -> void
  {
    (call operator delete[] (-> this#2 p))
  }
fn f(k#3) -> int
  {
    {
      decl g#4
      (call Guard::Guard (AddrOf g#4) k#3)
    }
    decl pl#5
    for decl i#6 = 0; (Lt i#6 k#3); (PostInc i#6)
      {
        {
          decl inner#7
          (call Guard::Guard (AddrOf inner#7) i#6)
        }
        if (Eq i#6 3)
          {
            (call Guard::~Guard (AddrOf inner#7))
            break
          }
        if (Eq i#6 4)
          {
            (call Guard::~Guard (AddrOf inner#7))
            continue
          }
        (call Guard::~Guard (AddrOf inner#7))
      }
    if (Gt k#3 10)
      {
        decl return value#8 = (. g#4 n)
        (call Guard::~Guard (AddrOf g#4))
        return return value#8
      }
    {
      (call Guard::~Guard (AddrOf g#4))
      return 0
    }
  }
"#,
    );
}

#[test]
fn new_and_delete_are_calls_of_the_allocation_functions() {
    assert_dump(
        r#"
#include <new>
struct Node { Node *next; Node(Node *n); ~Node(); };
struct Pod { int v; };
void f(int n, char *place) {
    Node *a = new Node(nullptr);
    Pod *b = new Pod;
    int *c = new int[n];
    char *d = new (std::nothrow) char[n];
    Pod *e = new (place) Pod;
    delete a;
    delete b;
    delete[] c;
    delete[] d;
}
"#,
        r#"
fn f(n#0, place#1) -> void
  {
    {
      decl a#2 = (call operator new initialised)
      (call Node::Node a#2 0)
    }
    decl b#3 = (call operator new)
    decl c#4 = (call operator new[] n#0)
    decl d#5 = (call operator new[](std::nothrow) n#0)
    decl e#6 = (cast Pod * place#1)
    (? a#2 (Comma (call Node::~Node a#2) (call operator delete a#2)) 0)
    (call operator delete b#3)
    (call operator delete[] c#4)
    (call operator delete[] d#5)
  }
"#,
    );
}

#[test]
fn references_are_addresses_read_through() {
    assert_dump(
        r#"
int &pick(int &a, int &b, bool first) { return first ? a : b; }
void bump(int &r) { r++; }
int f(int x, int *q) {
    int &alias = x;
    alias = 3;
    bump(x);
    bump(*q);
    pick(x, *q, true) = 7;
    const int &c = x;
    return c;
}
"#,
        r#"
fn pick(a#0, b#1, first#2) -> int &
  {
    return (AddrOf (? first#2 (Deref a#0) (Deref b#1)))
  }
fn bump(r#3) -> void
  {
    (PostInc (Deref r#3))
  }
fn f(x#4, q#5) -> int
  {
    decl alias#6 = (AddrOf x#4)
    (= (Deref alias#6) 3)
    (call bump (AddrOf x#4))
    (call bump q#5)
    (= (Deref (call pick (AddrOf x#4) q#5 1)) 7)
    decl c#7 = (AddrOf x#4)
    return (Deref c#7)
  }
"#,
    );
}

#[test]
fn virtual_calls_through_pointers_have_no_known_target() {
    assert_dump(
        r#"
struct Base { virtual int run(int v); int plain(); };
struct Derived : Base { int run(int v) override; };
int f(Base *p, Base &r, Derived d) {
    return p->run(1) + r.run(2) + d.run(3) + p->plain() + p->Base::run(4);
}
"#,
        r#"
fn f(p#0, r#1, d#2) -> int
  {
    return (Add (Add (Add (Add (call* (unknown) p#0 1) (call* (unknown) r#1 2)) (call Derived::run (AddrOf d#2) 3)) (call Base::plain p#0)) (call Base::run p#0 4))
  }
"#,
    );
}

#[test]
fn overloaded_operators_are_member_or_free_calls() {
    assert_dump(
        r#"
struct Vec { int *data; int &operator[](int i) { return data[i]; } bool operator==(const Vec &o) const; };
Vec operator+(const Vec &a, const Vec &b);
int f(Vec v, Vec w) {
    v[1] = 2;
    Vec s = v + w;
    return v == w;
}
"#,
        r#"
fn Vec::operator[](this#0, i#1) -> int &
  {
    return (AddrOf ([] (-> this#0 data) i#1))
  }
fn f(v#2, w#3) -> int
  {
    (= (Deref (call Vec::operator[] (AddrOf v#2) 1)) 2)
    decl s#4 = (call operator+ (AddrOf v#2) (AddrOf w#3))
    return (call Vec::operator== (AddrOf v#2) (AddrOf w#3))
  }
"#,
    );
}

#[test]
fn range_for_try_catch_and_throw() {
    assert_dump(
        r#"
int g(int);
int f(int n) {
    int arr[3] = {1, 2, 3};
    int s = 0;
    for (int &x : arr) { s += x; if (s > n) break; }
    try {
        if (n < 0) throw n;
        s = g(s);
    } catch (int e) {
        s = e;
    } catch (...) {
        throw;
    }
    return s;
}
"#,
        r#"
fn f(n#0) -> int
  {
    decl arr#1 = {1, 2, 3}
    decl s#2 = 0
    while (unknown arr#1)
      {
        decl x#3 = (unknown)
        {
          (Add= s#2 (Deref x#3))
          if (Gt s#2 n#0)
            break
        }
      }
    {
      {
        if (Lt n#0 0)
          (call __cxa_throw n#0)
        (= s#2 (call g s#2))
      }
      if (unknown)
        {
          decl e#4 = (unknown)
          {
            (= s#2 e#4)
          }
        }
      else
        if (unknown)
          {
            {
              (call __cxa_rethrow)
            }
          }
    }
    return s#2
  }
"#,
    );
}

#[test]
fn objects_built_by_new_outside_declarations_are_constructed() {
    assert_dump(
        r#"
struct M { explicit M(int k) : refs(0), k(k) {} int refs; int k; };
M *make(int k) { return new M(k); }
void assign(M **out, int k) {
    M *m;
    m = new M(k);
    *out = m;
}
"#,
        r#"
fn M::M(this#0, k#1) -> void
  {
    (= (-> this#0 refs) 0)
    (= (-> this#0 k) k#1)
    {
    }
  }
fn make(k#2) -> M *
  {
    {
      decl new object#3 = (call operator new initialised)
      (call M::M new object#3 k#2)
      return new object#3
    }
  }
fn assign(out#4, k#5) -> void
  {
    decl m#6
    {
      (= m#6 (call operator new initialised))
      (call M::M m#6 k#5)
    }
    (= (Deref out#4) m#6)
  }
"#,
    );
}

#[test]
fn virtual_calls_on_objects_of_known_class_reach_its_override() {
    assert_dump(
        r#"
struct Base { virtual void run(int *d) const = 0; virtual ~Base(); };
struct Bad : Base { void run(int *d) const override; ~Bad() override; };
void f(int *d) {
    const Base &r = Bad();
    r.run(d);
    Base *p = new Bad;
    p->run(d);
    delete p;
}
void g(Base *p, int *d) {
    p->run(d);
    delete p;
}
"#,
        r#"
fn f(d#0) -> void
  {
    decl r#1 = (AddrOf (unknown))
    (call Bad::run r#1 d#0)
    decl p#2 = (call operator new)
    (call Bad::run p#2 d#0)
    (? p#2 (Comma (call Bad::~Bad p#2) (call operator delete p#2)) 0)
  }
fn g(p#3, d#4) -> void
  {
    (call* (unknown) p#3 d#4)
    (? p#3 (Comma (call* (unknown) p#3) (call operator delete p#3)) 0)
  }
"#,
    );
}
