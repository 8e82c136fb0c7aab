//===- mpi_jacobi.cpp - 2-D Jacobi over MPI ranks, one device each --------===//
//
// Each rank owns a block of rows of an N x N grid, plus a ghost row above
// and below, preloaded on its own device (node-local rank -> device). After
// each step it sends its first and last rows to its neighbours and receives
// their rows into its ghosts: only those rows leave the device (host
// staging; a CUDA-aware MPI could take the device addresses offload_args
// gives). Rank 0 gathers the grid and checks it against a one-process run.
//
//   mpirun -np 2 ./mpi_jacobi [N] [steps]
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

// The C API only: Open MPI's deprecated C++ bindings need libmpi_cxx.
#define OMPI_SKIP_MPICXX 1
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

void jacobi(std::span<const double> In,
            offload::Region<double, offload::Grid2D> Out) {
  const std::uint64_t Cols = Out.strategy().cols;
  for (auto [R, C, V] : Out)
    V = 0.25 * (In[(R - 1) * Cols + C] + In[(R + 1) * Cols + C] +
                In[R * Cols + C - 1] + In[R * Cols + C + 1]);
}

double initial(std::size_t Row, std::size_t Col, std::size_t N) {
  // Hot top edge, a warm spot, cold elsewhere.
  if (Row == 0)
    return 100.0;
  return (Row % 97 == 3 && Col % 89 == 5) ? 10.0
                                          : double((Row + Col) % N) * 1e-3;
}

/// The node-local rank that Open MPI, MPICH or Slurm sets, else 0.
int localRank() {
  for (const char *Name :
       {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID"})
    if (const char *V = std::getenv(Name))
      return std::atoi(V);
  return 0;
}

/// Steps of Jacobi on rows [First, Last) of the grid (ghost rows around
/// them, of which rows 0 and N - 1 of the grid stay fixed), exchanging
/// ghost rows with the ranks above and below.
std::vector<double> solve(MPI_Comm Comm, std::size_t N, int Steps,
                          std::size_t First, std::size_t Last, int Above,
                          int Below, double *Seconds) {
  const std::size_t Rows = Last - First + 2;
  std::vector<double> A(Rows * N), B;
  for (std::size_t R = 0; R < Rows; ++R)
    for (std::size_t C = 0; C < N; ++C) {
      const std::size_t G = First + R - 1; // wraps for the ghost above row 0
      A[R * N + C] = G < N ? initial(G, C, N) : 0.0;
    }
  B = A;
  // The rows this rank updates: its own, less the grid's first and last.
  const std::size_t Top = First == 0 ? 2 : 1,
                    Bottom = Last == N ? Rows - 2 : Rows - 1;
  const offload::Grid2D Interior(Rows, N,
                                 offload::Box2D{Top, Bottom, 1, N - 1});
  auto HA = offload::preload_mut(A);
  auto HB = offload::preload_mut(B);
  MPI_Barrier(Comm);
  const auto T0 = std::chrono::steady_clock::now();
  for (int Step = 0; Step < Steps; ++Step) {
    auto &In = Step % 2 ? HB : HA;
    auto &Out = Step % 2 ? HA : HB;
    offload::offload(jacobi, In,
                     offload::Region<double, offload::Grid2D>(Out, Interior));
    // Own first and last rows out, ghost rows in, through the host copy
    // (each row synced before it is sent, updated after it arrived).
    double *Host = Out.data();
    MPI_Request Requests[4];
    int Count = 0;
    if (Above >= 0) {
      Out.sync(1 * N, N);
      MPI_Isend(Host + 1 * N, int(N), MPI_DOUBLE, Above, 0, Comm,
                &Requests[Count++]);
      MPI_Irecv(Host, int(N), MPI_DOUBLE, Above, 1, Comm, &Requests[Count++]);
    }
    if (Below >= 0) {
      Out.sync((Rows - 2) * N, N);
      MPI_Isend(Host + (Rows - 2) * N, int(N), MPI_DOUBLE, Below, 1, Comm,
                &Requests[Count++]);
      MPI_Irecv(Host + (Rows - 1) * N, int(N), MPI_DOUBLE, Below, 0, Comm,
                &Requests[Count++]);
    }
    MPI_Waitall(Count, Requests, MPI_STATUSES_IGNORE);
    if (Above >= 0)
      Out.update(0, N);
    if (Below >= 0)
      Out.update((Rows - 1) * N, N);
  }
  offload::synchronize();
  *Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  HA.release();
  HB.release();
  return Steps % 2 ? B : A;
}

} // namespace

int main(int Argc, char **Argv) {
  MPI_Init(&Argc, &Argv);
  int Rank = 0, Ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Ranks);
  const std::size_t N = Argc > 1 ? std::strtoull(Argv[1], nullptr, 10) : 258;
  const int Steps = Argc > 2 ? std::atoi(Argv[2]) : 50;
  if (N < std::size_t(2 * Ranks) + 2) {
    if (Rank == 0)
      std::fprintf(stderr, "mpi_jacobi: N = %zu is too small for %d ranks\n", N,
                   Ranks);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  // This rank's device: its node-local rank among the devices all() gives
  // (the GPUs, or the host devices without one).
  const offload::Devices All = offload::Devices::all();
  const int Device = All[unsigned(localRank()) % All.size()];
  offload::select_device(Device);

  const std::size_t First = N * std::size_t(Rank) / std::size_t(Ranks),
                    Last = N * std::size_t(Rank + 1) / std::size_t(Ranks);
  double Seconds = 0;
  std::vector<double> Mine =
      solve(MPI_COMM_WORLD, N, Steps, First, Last, Rank > 0 ? Rank - 1 : -1,
            Rank + 1 < Ranks ? Rank + 1 : -1, &Seconds);
  double Slowest = 0;
  MPI_Reduce(&Seconds, &Slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  // Rank 0 gathers the owned rows and compares with one process alone.
  std::vector<int> Counts(Ranks), Offsets(Ranks);
  for (int R = 0; R < Ranks; ++R) {
    const std::size_t F = N * std::size_t(R) / std::size_t(Ranks),
                      L = N * std::size_t(R + 1) / std::size_t(Ranks);
    Counts[R] = int((L - F) * N);
    Offsets[R] = int(F * N);
  }
  std::vector<double> Grid(Rank == 0 ? N * N : 0);
  MPI_Gatherv(Mine.data() + N, Counts[Rank], MPI_DOUBLE, Grid.data(),
              Counts.data(), Offsets.data(), MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int Status = 0;
  if (Rank == 0) {
    double Alone = 0;
    std::vector<double> Reference =
        solve(MPI_COMM_SELF, N, Steps, 0, N, -1, -1, &Alone);
    double Worst = 0, Sum = 0;
    for (std::size_t I = 0; I < N * N; ++I) {
      Worst = std::max(Worst, std::abs(Grid[I] - Reference[I + N]));
      Sum += Grid[I];
    }
    Status = Worst == 0 ? 0 : 1;
    std::printf("mpi_jacobi: %d ranks, %zu x %zu grid, %d steps: %.3f ms "
                "(slowest rank), checksum %.12e, largest difference from one "
                "process %.3g: %s\n",
                Ranks, N, N, Steps, Slowest * 1e3, Sum, Worst,
                Status ? "FAILED" : "same");
  }
  MPI_Bcast(&Status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return Status;
}
