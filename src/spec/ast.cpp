#include "spec/ast.hpp"
